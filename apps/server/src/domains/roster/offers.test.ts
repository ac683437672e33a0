import { addDays, weekStart } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, membershipLocations } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
  await r.settings({ employeesMustApply: false, placeholderSignupNeedsConfirmation: false });
});
afterAll(async () => r.t.dispose());

type Offers = Record<string, { can: boolean; reason: string | null }>;
const loadAs = async (agent: RosterTest['employee'], location: string, date: string, period = 'week') => {
  const res = await agent.get(`/api/items?scope=planning&location=${location}&date=${date}&period=${period}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; user: string | null; date: string }[]; offers?: Offers };
};

describe("the open duties offered to an employee (the roster's offers)", () => {
  it('say for each open item whether she may take it, and the sign-in answers the same', async () => {
    const monday = futureDay(1, 0);
    const tuesday = futureDay(1, 1);
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: futureDay(2, 0) })
      .where(eq(locations.id, r.ids.hq));
    // Her own duty on Monday morning; open items beside it.
    await r.item({
      date: monday,
      duty: r.ids.bar,
      times: { start: '06:00', end: '12:00', break: 0 },
      user: r.ids.emma,
    });
    const free = await r.item({
      date: tuesday,
      duty: r.ids.service,
      times: { start: '12:00', end: '14:00', break: 0 },
    });
    const overlap = await r.item({
      date: monday,
      duty: r.ids.service,
      times: { start: '11:00', end: '13:00', break: 0 },
    });
    const notHeld = await r.item({
      date: tuesday,
      duty: r.ids.kitchen,
      times: { start: '15:00', end: '16:00', break: 0 },
    });
    const taken = await r.item({ date: tuesday, duty: r.ids.service, user: r.ids.mia });

    const { offers } = await loadAs(r.employee, r.ids.hq, monday);
    expect(offers?.[free]).toEqual({ can: true, reason: null });
    expect(offers?.[overlap]).toEqual({ can: false, reason: 'ERR_OVERLAP' });
    expect(offers?.[notHeld]).toEqual({ can: false, reason: 'ERR_NOT_ELIGIBLE' });
    expect(offers?.[taken]).toBeUndefined();

    // One rule: the sign-in refuses exactly what is not offered, with the same code, and takes what is.
    for (const id of [overlap, notHeld]) {
      const res = await r.employee.put(`/api/items/${id}/sign-in`);
      expect(res.json().code).toBe(offers?.[id].reason);
    }
    expect((await r.employee.put(`/api/items/${free}/sign-in`)).statusCode).toBe(200);

    // Planners are offered nothing to take: they plan.
    expect((await loadAs(r.planner, r.ids.hq, monday)).offers).toBeUndefined();
  });

  it("the overview's count of open duties is the number of offers she may take in the next two weeks", async () => {
    const from = today();
    const until = addDays(from, 14);
    const held = await r.t.database.db
      .select({ id: membershipLocations.locationId })
      .from(membershipLocations)
      .where(eq(membershipLocations.membershipId, r.ids.emma));
    const count = async () => {
      let offered = 0;
      let refused = 0;
      for (const { id } of held) {
        const load = await loadAs(r.employee, id, weekStart(from, 'monday'), '4weeks');
        for (const item of load.items) {
          const offer = load.offers?.[item.id];
          if (!offer || item.date > until) continue;
          if (offer.can) offered += 1;
          else refused += 1;
        }
      }
      const steps = await r.employee.get('/api/next-steps');
      expect(steps.statusCode).toBe(200);
      return { offered, refused, overview: steps.json().openDuties as number };
    };
    const before = await count();
    expect(before.overview).toBe(before.offered);
    // An open duty of a function she does not hold, in the next days: listed greyed out, not counted.
    await r.item({ date: addDays(from, 3), duty: r.ids.kitchen, times: { start: '15:00', end: '16:00', break: 0 } });
    const after = await count();
    expect(after).toEqual({ offered: before.offered, refused: before.refused + 1, overview: before.overview });
  });
});
