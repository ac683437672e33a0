import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Agent } from '../../../test/app';
import type { Db } from '../../db/client';
import { activityLog, rosterItems } from '../../db/schema';

/** Inserts a roster item straight into the table (the roster's own calls come later). */
export async function insertItem(
  db: Db,
  values: Omit<typeof rosterItems.$inferInsert, 'id'> & { accountId: string; locationId: string; date: string },
): Promise<string> {
  const [row] = await db.insert(rosterItems).values(values).returning({ id: rosterItems.id });
  return row.id;
}

/** The latest activity entry about an entity. */
export async function lastActivity(db: Db, entity: string, entityId: string) {
  const rows = await db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entity, entity), eq(activityLog.entityId, entityId)));
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
}

/** Roles that read the catalog but must not change it. */
export const READ_ONLY_EMAILS = [
  'supervisor@example.com',
  'employee@example.com',
  'observer@example.com',
  'accountant@example.com',
  'biller@example.com',
  'freelancer@example.com',
];

/** Every request answers 403 FORBIDDEN for the agent. */
export async function expectForbidden(
  agent: Agent,
  who: string,
  requests: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[],
) {
  for (const r of requests) {
    const res = await agent.request(r.method, r.url, r.body);
    expect({ who, route: `${r.method} ${r.url}`, status: res.statusCode, code: res.json().code }).toEqual({
      who,
      route: `${r.method} ${r.url}`,
      status: 403,
      code: 'FORBIDDEN',
    });
  }
}
