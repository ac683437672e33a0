import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { activityLog } from '../db/schema';
import { pruneActivity } from './activity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

describe('activity log', () => {
  it('records who changed what, with before and after, and keeps 30 days', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const init = (await planner.get('/api/app/init')).json();
    const overview = (await planner.get('/api/overview')).json();
    const location = overview.locations[0].id;
    const created = (
      await planner.post('/api/items', {
        location,
        date: '2027-06-01',
        times: { start: '08:00', end: '12:00', break: 0 },
      })
    ).json();
    await planner.put(`/api/items/${created.item.id}/notes`, { notes: 'Keys' });
    const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, created.item.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'notes']);
    const notes = rows.find((r) => r.action === 'notes')!;
    expect(notes.membershipId).toBe(init.membership.id);
    expect((notes.before as { notes: string | null }).notes).toBeNull();
    expect((notes.after as { notes: string }).notes).toBe('Keys');

    await t.database.db
      .update(activityLog)
      .set({ at: new Date(now().getTime() - 31 * 86_400_000) })
      .where(eq(activityLog.id, notes.id));
    await pruneActivity(t.database.db);
    const left = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, created.item.id));
    expect(left.map((r) => r.action)).toEqual(['create']);
  });
});
