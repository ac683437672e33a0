import { ACTIVITY_LOG_DAYS } from '@app/contracts';
import { now as clockNow } from '@app/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { activityLog } from '../db/schema';
import type { Actor } from './actor';
import type { SomeJobDefinition } from './jobs';

export interface ActivityEntry {
  /** What changed, in the product's words: item, location, duty, shift, tag, availability, note, comment, ... */
  entity: string;
  entityId?: string | null;
  /** create, update, delete, assign, release, ... */
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Records a change in the activity log, inside the caller's transaction. */
export async function recordActivity(db: Tx, actor: Actor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    accountId: actor.accountId,
    membershipId: actor.shadow ? null : actor.membershipId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: clockNow(),
  });
}

/** Drops entries older than the retention (30 days), of one account or of all. */
export async function pruneActivity(db: DbOrTx, accountId?: string, now = clockNow()): Promise<void> {
  const cutoff = new Date(now.getTime() - ACTIVITY_LOG_DAYS * 24 * 60 * 60 * 1000);
  await db
    .delete(activityLog)
    .where(
      accountId ? and(eq(activityLog.accountId, accountId), lt(activityLog.at, cutoff)) : lt(activityLog.at, cutoff),
    );
}

/** Records a change nobody in the account made (a job's, a super user's visit) in that account's log. */
export async function recordAccountActivity(db: Tx, accountId: string, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    accountId,
    membershipId: null,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: clockNow(),
  });
}

/** Kept 30 days: pruned at start and every six hours (the schedule fires once per tick across all instances). */
export const activityJobs = (db: DbOrTx): SomeJobDefinition[] => [
  { name: 'activity.prune', cron: '17 */6 * * *', atStart: true, retryLimit: 2, handle: () => pruneActivity(db) },
];
