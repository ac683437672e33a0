import { RosterMip } from './highs-model';
import { OFF, type Roster, type RosterInstance } from './instance';

/**
 * The instance of the chosen people against what the others already work: the cover lines keep their weights with the
 * requirement lowered by the people already on them (a line already full charges its over weight for them).
 */
function residualInstance(instance: RosterInstance, roster: Roster, chosen: readonly number[]): RosterInstance {
  const count = new Map<number, number>();
  const key = (d: number, s: number) => d * instance.shifts.length + s;
  const index = new Map(chosen.map((e, i) => [e, i]));
  roster.forEach((row, e) => {
    if (index.has(e)) return;
    row.forEach((s, d) => {
      if (s !== OFF) count.set(key(d, s), (count.get(key(d, s)) ?? 0) + 1);
    });
  });
  const own = <T extends { person: number }>(r: T) => index.has(r.person);
  const renumber = <T extends { person: number }>(r: T) => ({ ...r, person: index.get(r.person) ?? 0 });
  return {
    ...instance,
    people: chosen.map((e) => instance.people[e]),
    onRequests: instance.onRequests.filter(own).map(renumber),
    offRequests: instance.offRequests.filter(own).map(renumber),
    covers: instance.covers.map((c) => {
      const n = count.get(key(c.day, c.shift)) ?? 0;
      // Over the requirement already: each more is an over; below it: each more fills a short place first.
      return n >= c.requirement ? { ...c, requirement: 0, underWeight: 0 } : { ...c, requirement: c.requirement - n };
    }),
  };
}

/**
 * A first roster that keeps every hard rule: people one after the other (in `order`), each given their best
 * schedule alone against the cover the earlier ones left (a small exact model per person; the rules are per person,
 * so each step is feasible when the person has any feasible schedule at all). Throws when someone has none.
 */
export async function construct(instance: RosterInstance, order: readonly number[], timeLimitSec = 1): Promise<Roster> {
  const roster: Roster = instance.people.map(() => new Array<number>(instance.days).fill(OFF));
  for (const e of order) {
    const mip = await RosterMip.create(residualInstance(instance, roster, [e]));
    try {
      // The first limit is short; without any schedule by then, longer ones, until HiGHS proves there is none.
      for (let limit = timeLimitSec; ; limit *= 4) {
        const run = mip.run({ timeLimitSec: limit });
        if (run.roster) {
          roster[e] = run.roster[0];
          break;
        }
        if (run.infeasible) throw new Error(`no schedule keeps the rules of ${instance.people[e].id}`);
      }
    } finally {
      mip.dispose();
    }
  }
  return roster;
}
