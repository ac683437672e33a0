import { type Member, memberHasRole } from './policies/member';
import { weekStart } from './roster/period';
import { addDays, daysBetween } from './roster/time';

/**
 * The statistics of a date range (docs/product/reports.md, `statistics`): planned against worked hours, contract
 * against planned, cost per location, duty and week, overtime, the sickness rate and open duties. A pure function of
 * the rows, so the numbers are checked against a hand-made data set.
 * - planned: the assigned items' minutes (span less break); an item without a person is an open duty;
 * - worked: registered hours that are not denied; their cost is the lines' cost;
 * - contract: each day a contract runs carries a seventh of its weekly minutes;
 * - overtime: per person with a contract, what they worked beyond it (never negative), summed;
 * - sickness rate: the planned minutes of items flagged sick over all planned minutes, in percent (one decimal).
 */

export interface StatItem {
  date: string;
  membershipId: string | null;
  locationId: string;
  dutyId: string | null;
  minutes: number;
  sick: boolean;
}

export interface StatHours {
  date: string;
  membershipId: string;
  locationId: string;
  dutyId: string | null;
  minutes: number;
  costCents: number | null;
}

export interface StatContract {
  membershipId: string;
  startDate: string;
  endDate: string | null;
  weeklyMinutes: number;
}

export interface StatFigures {
  plannedMinutes: number;
  workedMinutes: number;
  costCents: number;
}

export interface Statistics {
  totals: StatFigures & {
    contractMinutes: number;
    overtimeMinutes: number;
    sickMinutes: number;
    sicknessRate: number;
    openDuties: number;
    openMinutes: number;
  };
  weeks: (StatFigures & { week: string; contractMinutes: number })[];
  locations: (StatFigures & { id: string; openDuties: number })[];
  duties: (StatFigures & { id: string | null })[];
  people: {
    id: string;
    plannedMinutes: number;
    workedMinutes: number;
    contractMinutes: number;
    overtimeMinutes: number;
    sickMinutes: number;
  }[];
}

const empty = (): StatFigures => ({ plannedMinutes: 0, workedMinutes: 0, costCents: 0 });

function bucket<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (!v) {
    v = make();
    map.set(key, v);
  }
  return v;
}

/** Contract minutes per person and per week (its Monday) within [from, until]. */
function contractMinutes(contracts: readonly StatContract[], from: string, until: string) {
  const perPerson = new Map<string, number>();
  const perWeek = new Map<string, number>();
  const days = daysBetween(from, until) + 1;
  for (const c of contracts) {
    for (let i = 0; i < days; i++) {
      const date = addDays(from, i);
      if (c.startDate > date || (c.endDate !== null && date > c.endDate)) continue;
      perPerson.set(c.membershipId, (perPerson.get(c.membershipId) ?? 0) + c.weeklyMinutes / 7);
      const week = weekStart(date);
      perWeek.set(week, (perWeek.get(week) ?? 0) + c.weeklyMinutes / 7);
    }
  }
  return { perPerson, perWeek };
}

export function computeStatistics(input: {
  from: string;
  until: string;
  items: readonly StatItem[];
  hours: readonly StatHours[];
  contracts: readonly StatContract[];
}): Statistics {
  const items = input.items.filter((i) => i.date >= input.from && i.date <= input.until);
  const hours = input.hours.filter((h) => h.date >= input.from && h.date <= input.until);
  const weeks = new Map<string, StatFigures & { contractMinutes: number }>();
  const locations = new Map<string, StatFigures & { openDuties: number }>();
  const duties = new Map<string | null, StatFigures>();
  const people = new Map<string, { planned: number; worked: number; sick: number }>();
  const totals = { ...empty(), sickMinutes: 0, openDuties: 0, openMinutes: 0 };
  const week = () => ({ ...empty(), contractMinutes: 0 });
  const place = () => ({ ...empty(), openDuties: 0 });
  const person = () => ({ planned: 0, worked: 0, sick: 0 });

  for (const i of items) {
    const loc = bucket(locations, i.locationId, place);
    if (!i.membershipId) {
      totals.openDuties++;
      totals.openMinutes += i.minutes;
      loc.openDuties++;
      continue;
    }
    totals.plannedMinutes += i.minutes;
    loc.plannedMinutes += i.minutes;
    bucket(weeks, weekStart(i.date), week).plannedMinutes += i.minutes;
    bucket(duties, i.dutyId, empty).plannedMinutes += i.minutes;
    const p = bucket(people, i.membershipId, person);
    p.planned += i.minutes;
    if (i.sick) {
      totals.sickMinutes += i.minutes;
      p.sick += i.minutes;
    }
  }
  for (const h of hours) {
    const cost = h.costCents ?? 0;
    totals.workedMinutes += h.minutes;
    totals.costCents += cost;
    for (const f of [
      bucket(locations, h.locationId, place),
      bucket(weeks, weekStart(h.date), week),
      bucket(duties, h.dutyId, empty),
    ]) {
      f.workedMinutes += h.minutes;
      f.costCents += cost;
    }
    bucket(people, h.membershipId, person).worked += h.minutes;
  }
  const contract = contractMinutes(input.contracts, input.from, input.until);
  for (const [monday, minutes] of contract.perWeek) bucket(weeks, monday, week).contractMinutes += minutes;
  for (const id of contract.perPerson.keys()) bucket(people, id, person);

  const peopleOut = [...people.entries()].map(([id, p]) => {
    const contractOf = contract.perPerson.get(id);
    const contracted = Math.round(contractOf ?? 0);
    return {
      id,
      plannedMinutes: p.planned,
      workedMinutes: p.worked,
      contractMinutes: contracted,
      overtimeMinutes: contractOf === undefined ? 0 : Math.max(0, p.worked - contracted),
      sickMinutes: p.sick,
    };
  });
  return {
    totals: {
      ...totals,
      contractMinutes: peopleOut.reduce((s, p) => s + p.contractMinutes, 0),
      overtimeMinutes: peopleOut.reduce((s, p) => s + p.overtimeMinutes, 0),
      sicknessRate: totals.plannedMinutes ? Math.round((totals.sickMinutes / totals.plannedMinutes) * 1000) / 10 : 0,
    },
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([w, f]) => ({ week: w, ...f, contractMinutes: Math.round(f.contractMinutes) })),
    locations: [...locations.entries()].map(([id, f]) => ({ id, ...f })),
    duties: [...duties.entries()].map(([id, f]) => ({ id, ...f })),
    people: peopleOut,
  };
}

/** Statistics are the accountants' (and owners', who hold every role): docs/product/reports.md, "Who". */
export const mayReadStatistics = (m: Pick<Member, 'roles'>) => memberHasRole(m, 'accountant');
