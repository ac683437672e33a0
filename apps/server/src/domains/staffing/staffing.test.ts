import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { futureDay, type RosterTest, setUpRoster } from '../roster/testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const url = () => `/api/locations/${r.ids.hq}/staffing`;

describe('staffing needs API', () => {
  it('stores a planning’s needs per weekday, shift and duty, with default weights, and answers them', async () => {
    const saved = await r.planner.put(url(), {
      needs: [
        { weekday: 0, shiftId: r.ids.early, dutyId: r.ids.service, count: 2 },
        { weekday: 0, shiftId: r.ids.late, dutyId: null, count: 1, underWeight: 50, overWeight: 5 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await r.planner.get(url())).json();
    expect(read.needs).toHaveLength(2);
    expect(read.needs).toContainEqual({
      weekday: 0,
      shiftId: r.ids.early,
      dutyId: r.ids.service,
      count: 2,
      underWeight: 100,
      overWeight: 1,
    });
    // Replacing the list removes what is not sent.
    await r.planner.put(url(), { needs: [] });
    expect((await r.planner.get(url())).json().needs).toEqual([]);
  });

  it('refuses a shift of another account, a second line of the same kind and counts out of range (422)', async () => {
    const foreign = await r.planner.put(url(), {
      needs: [{ weekday: 1, shiftId: r.ids.storeShift, dutyId: null, count: 1 }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields).toHaveProperty(['needs.0.shiftId']);
    const twice = await r.planner.put(url(), {
      needs: [
        { weekday: 1, shiftId: r.ids.early, dutyId: null, count: 1 },
        { weekday: 1, shiftId: r.ids.early, dutyId: null, count: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    const many = await r.planner.put(url(), { needs: [{ weekday: 7, shiftId: r.ids.early, dutyId: null, count: 99 }] });
    expect(many.statusCode).toBe(422);
  });

  it('derives needs from the preset: its items averaged per weekday, shift and duty', async () => {
    const monday = futureDay(0, 0);
    await r.item({ date: monday, duty: r.ids.service, shift: r.ids.early });
    await r.item({ date: monday, duty: r.ids.service, shift: r.ids.early });
    await r.item({ date: futureDay(0, 2), duty: r.ids.kitchen, shift: r.ids.late });
    const saved = await r.planner.put(`/api/locations/${r.ids.hq}/preset`, { from: monday, weeks: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const derived = (await r.planner.get(`${url()}/preset`)).json();
    expect(derived.needs).toContainEqual({
      weekday: 0,
      shiftId: r.ids.early,
      dutyId: r.ids.service,
      count: 2,
      underWeight: 100,
      overWeight: 1,
    });
    expect(derived.needs).toContainEqual(expect.objectContaining({ weekday: 2, shiftId: r.ids.late, count: 1 }));
  });

  it('is for those who edit plannings; another account’s planning answers 404', async () => {
    expect((await r.employee.get(url())).statusCode).toBe(403);
    expect((await r.employee.put(url(), { needs: [] })).statusCode).toBe(403);
    expect((await r.employee.get(`${url()}/preset`)).statusCode).toBe(403);
    const store = `/api/locations/${r.ids.storeLocation}/staffing`;
    await expectForeignIdsNotFound(r.planner, [
      { method: 'GET', url: store },
      { method: 'PUT', url: store, body: { needs: [] } },
      { method: 'GET', url: `${store}/preset` },
    ]);
  });
});
