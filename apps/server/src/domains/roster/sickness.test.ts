import { SICKNESS_CODES } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { accounts, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
/** Switches the payroll module, whose sickness code the toolbox offers, in the Bistro. */
async function payroll(on: boolean) {
  const db = r.t.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
  const modules = account.modules.filter((m) => m !== 'payroll');
  await db
    .update(accounts)
    .set({ modules: on ? [...modules, 'payroll'] : modules })
    .where(eq(accounts.id, r.ids.bistro));
}
beforeAll(async () => {
  r = await setUpRoster();
  await payroll(true);
});
afterAll(async () => r.t.dispose());

let n = 0;
const nextDay = () => {
  const day = futureDay(Math.floor(n / 6), n % 6);
  n += 1;
  return day;
};
/** An early shift of Anna's on a day of its own. */
const annas = (body: Record<string, unknown> = {}) =>
  r.item({ date: nextDay(), duty: r.ids.kitchen, shift: r.ids.early, user: r.ids.anna, ...body });
const stored = async (id: string) => {
  const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id));
  return row;
};
const sick = (id: string, body: object) => r.planner.put(`/api/items/${id}/sick`, body);

describe('PUT /api/items/{id}/sick', () => {
  it('marks the item sick with percentage, cost in cents and code', async () => {
    const id = await annas();
    const res = await sick(id, { percentage: 80, cost: '12,50', code: ' 101 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ flag: 'sick', hour: { billable: 80, cost: 1250, code: '101' } });
    expect(await stored(id)).toMatchObject({ flag: 'sick', sick: { percentage: 80, cost: 1250, code: '101' } });
  });

  it('takes only a code of the payroll profile’s sickness codes; another answers 422 and leaves the item', async () => {
    const id = await annas();
    for (const code of SICKNESS_CODES.map((c) => c.code)) {
      const res = await sick(id, { code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().item.hour.code).toBe(code);
    }
    const other = await annas();
    const res = await sick(other, { code: '999' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toHaveProperty('code');
    expect(await stored(other)).toMatchObject({ flag: null, sick: null });
  });

  it('a code needs the payroll module: with it off a code answers 403 MODULE_INACTIVE, sickness without one is saved', async () => {
    await payroll(false);
    try {
      const id = await annas();
      const res = await sick(id, { code: SICKNESS_CODES[0].code });
      expect([res.statusCode, res.json()]).toEqual([
        403,
        expect.objectContaining({ code: 'MODULE_INACTIVE', data: { module: 'payroll' } }),
      ]);
      expect(await stored(id)).toMatchObject({ flag: null, sick: null });
      expect((await sick(id, { code: null })).json().item.hour.code).toBeNull();
    } finally {
      await payroll(true);
    }
  });

  it('the percentage defaults to 100, without cost or code', async () => {
    const id = await annas();
    const res = await sick(id, {});
    expect(res.json().item).toMatchObject({ flag: 'sick', hour: { billable: 100, cost: null, code: null } });
  });

  it('accepts 0 and 100 and every step of 5; refuses other percentages with 422', async () => {
    const id = await annas();
    for (const percentage of [0, 5, 95, 100]) {
      expect((await sick(id, { percentage })).json().item.hour.billable).toBe(percentage);
    }
    for (const percentage of [33, -5, 105]) {
      const res = await sick(id, { percentage });
      expect([percentage, res.statusCode, res.json().code]).toEqual([percentage, 422, 'VALIDATION']);
    }
    expect((await stored(id)).sick?.percentage).toBe(100);
  });

  it('ERR_COST for a cost that is no amount or negative', async () => {
    const id = await annas();
    for (const cost of ['abc', '-5', -5, '1.234']) {
      const res = await sick(id, { percentage: 100, cost });
      expect([cost, res.statusCode, res.json().code]).toEqual([cost, 409, 'ERR_COST']);
    }
    expect((await stored(id)).flag).toBeNull();
  });

  it('ERR_TIME on an item without times or shift', async () => {
    const id = await r.item({ date: nextDay(), duty: r.ids.kitchen, user: r.ids.anna });
    const res = await sick(id, { percentage: 100 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_TIME']);
  });

  it('an item with times but no shift may be marked sick', async () => {
    const id = await r.item({
      date: nextDay(),
      duty: r.ids.kitchen,
      times: { start: '10:00', end: '14:00', break: 0 },
      user: r.ids.anna,
    });
    expect((await sick(id, {})).json().item.flag).toBe('sick');
  });

  it('an open item cannot be sick', async () => {
    const id = await r.item({ date: nextDay(), duty: r.ids.kitchen, shift: r.ids.early });
    expect((await sick(id, {})).statusCode).toBe(409);
    expect((await stored(id)).flag).toBeNull();
  });

  it('times cannot be removed from a sick item (ERR_SICK); DELETE sick clears it', async () => {
    const id = await annas();
    await sick(id, { percentage: 50 });
    const refused = await r.planner.delete(`/api/items/${id}/times`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ERR_SICK']);
    expect((await stored(id)).fromMinutes).not.toBeNull();

    const cleared = await r.planner.delete(`/api/items/${id}/sick`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().item).toMatchObject({ flag: null, hour: null, user: r.ids.anna });
    expect(await stored(id)).toMatchObject({ flag: null, sick: null });
    expect((await r.planner.delete(`/api/items/${id}/times`)).json().item.times).toBeNull();
  });

  it('deleting sickness keeps a sign-out request', async () => {
    const id = await annas();
    await r.t.database.db.update(rosterItems).set({ flag: 'signout' }).where(eq(rosterItems.id, id));
    const res = await r.planner.delete(`/api/items/${id}/sick`);
    expect(res.json().item.flag).toBe('signout');
  });
});

describe('DELETE /api/items/{id}/conflicts', () => {
  it('removes one stored code at a time; a code the item does not carry is NOT_AVAILABLE', async () => {
    const id = await annas();
    await r.t.database.db
      .update(rosterItems)
      .set({ conflicts: ['AVAILABILITY', 'INVALID_DUTY'] })
      .where(eq(rosterItems.id, id));
    const first = await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: 'AVAILABILITY' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().item.conflicts).toEqual(['INVALID_DUTY']);

    const missing = await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: 'AVAILABILITY' });
    expect([missing.statusCode, missing.json().code]).toEqual([409, 'NOT_AVAILABLE']);

    const last = await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: 'INVALID_DUTY' });
    expect(last.json().item.conflicts).toBeNull();
    expect((await stored(id)).conflicts).toEqual([]);
  });

  it('needs a conflict code (422)', async () => {
    const id = await annas();
    expect((await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: '' })).statusCode).toBe(422);
    expect((await r.planner.delete(`/api/items/${id}/conflicts`, {})).statusCode).toBe(422);
  });
});

describe('tenant isolation', () => {
  it('another account’s items answer 404', async () => {
    const store = await r.storeOwner();
    const foreign = (
      await store.post('/api/items', {
        location: r.ids.storeLocation,
        date: futureDay(4, 0),
        duty: r.ids.storeDuty,
        shift: r.ids.storeShift,
        user: r.ids.storeMember,
        confirmed: true,
      })
    ).json().item.id as string;
    await expectForeignIdsNotFound(r.planner, [
      { method: 'PUT', url: `/api/items/${foreign}/sick`, body: { percentage: 100 } },
      { method: 'DELETE', url: `/api/items/${foreign}/sick` },
      { method: 'DELETE', url: `/api/items/${foreign}/conflicts`, body: { conflict: 'AVAILABILITY' } },
    ]);
    const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, foreign));
    expect(row.flag).toBeNull();
  });
});
