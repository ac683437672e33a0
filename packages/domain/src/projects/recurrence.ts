import { RECURRENCE_DAYS, type Recurrence, type RecurrenceDay, type ScheduleLine } from '@app/contracts';
import type { Options as RRuleOptions } from 'rrule';
import * as rruleModule from 'rrule';
import { weekdayOf } from '../roster/period';
import { itemSpan, minutesOfHHmm } from '../roster/time';

/**
 * A project's recurrence (docs/product/clients.md) is kept as an RRULE and expanded on calendar dates: the rule runs
 * on "floating" dates (midnight UTC stands for the local day), and the shift times are placed on each local day in
 * the planning's time zone afterwards. So a shift at 09:00 stays at 09:00 on both sides of a daylight-saving change.
 */

// rrule ships ES modules for bundlers and a UMD bundle for Node, whose names Node's ES module loader cannot see (only
// its default export): take the names from whichever this runtime loaded.
const { RRule, Frequency } = ((rruleModule as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;

const FREQUENCY: Record<Exclude<Recurrence['frequency'], 'once'>, rruleModule.Frequency> = {
  daily: Frequency.DAILY,
  weekly: Frequency.WEEKLY,
  monthly: Frequency.MONTHLY,
  yearly: Frequency.YEARLY,
};
const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

const ymd = (d: Date): string => d.toISOString().slice(0, 10);
const floating = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** The RRULE options of a recurrence that starts on `startDate` (the start fills in the day a rule leaves open). */
function optionsOf(recurrence: Recurrence, startDate: string): Partial<RRuleOptions> {
  const [, month, day] = startDate.split('-').map(Number);
  if (recurrence.frequency === 'once') return { freq: Frequency.DAILY, count: 1 };
  const options: Partial<RRuleOptions> = { freq: FREQUENCY[recurrence.frequency], interval: recurrence.interval };
  const days = recurrence.weekdays.map((d) => RRULE_DAYS[RECURRENCE_DAYS.indexOf(d)]);
  if (recurrence.frequency === 'weekly') {
    options.byweekday = days.length ? days : [RRULE_DAYS[weekdayOf(startDate)]];
  } else if (recurrence.frequency === 'monthly' || recurrence.frequency === 'yearly') {
    if (recurrence.frequency === 'yearly') options.bymonth = [month];
    if (recurrence.position !== null && days.length) options.byweekday = [days[0].nth(recurrence.position)];
    else if (recurrence.position === -1) options.bymonthday = [-1];
    else options.bymonthday = [day];
  } else if (days.length) {
    options.byweekday = days;
  }
  return options;
}

/** The RRULE line (without DTSTART: the project's start date is its own field) a recurrence is stored as. */
export function toRRule(recurrence: Recurrence, startDate: string): string {
  return `RRULE:${RRule.optionsToString(optionsOf(recurrence, startDate)).replace(/^RRULE:/, '')}`;
}

/** The recurrence a stored RRULE stands for, as the project form edits it. */
export function recurrenceOf(rrule: string): Recurrence {
  const o = RRule.parseString(rrule.replace(/^RRULE:/, ''));
  const weekdays: RecurrenceDay[] = [];
  let position: Recurrence['position'] = null;
  const byweekday = o.byweekday === undefined || o.byweekday === null ? [] : [o.byweekday].flat();
  for (const d of byweekday) {
    const day = typeof d === 'number' ? RRULE_DAYS[d] : typeof d === 'string' ? RRule[d] : d;
    weekdays.push(RECURRENCE_DAYS[day.weekday]);
    if (day.n) position = day.n as Recurrence['position'];
  }
  const bymonthday = o.bymonthday === undefined || o.bymonthday === null ? [] : [o.bymonthday].flat();
  if (bymonthday[0] === -1) position = -1;
  if (o.count === 1) return { frequency: 'once', interval: 1, weekdays: [], position: null };
  const frequency =
    o.freq === Frequency.DAILY
      ? 'daily'
      : o.freq === Frequency.WEEKLY
        ? 'weekly'
        : o.freq === Frequency.MONTHLY
          ? 'monthly'
          : 'yearly';
  return { frequency, interval: o.interval ?? 1, weekdays, position };
}

/**
 * The calendar dates a project works on within [from, until] (both inclusive, YYYY-MM-DD): the rule expanded from
 * the project's start, never before the start nor after its end.
 */
export function occurrenceDates(
  rrule: string,
  project: { startDate: string; endDate: string | null },
  from: string,
  until: string,
): string[] {
  const first = from > project.startDate ? from : project.startDate;
  const last = project.endDate && project.endDate < until ? project.endDate : until;
  if (last < first) return [];
  const rule = new RRule({ ...RRule.parseString(rrule.replace(/^RRULE:/, '')), dtstart: floating(project.startDate) });
  return rule.between(floating(first), floating(last), true).map(ymd);
}

/** One open duty a project asks for: a shift line on one date, with its instants in the planning's time zone. */
export interface ProjectDuty {
  date: string;
  line: number;
  fromMinutes: number;
  untilMinutes: number;
  breakMinutes: number;
  dutyId: string | null;
  /** The vehicle or equipment the line's duties carry. */
  resourceId: string | null;
  /** Which of the line's people this duty is on its date (0: the first, who drives the line's vehicle). */
  seat: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

/** The duties a schedule asks for on given dates: each line once per person needed (a line ending 00:00 ends at midnight). */
export function projectDuties(
  dates: readonly string[],
  schedule: readonly ScheduleLine[],
  timeZone: string,
): ProjectDuty[] {
  const duties: ProjectDuty[] = [];
  for (const date of dates) {
    schedule.forEach((line, index) => {
      const fromMinutes = minutesOfHHmm(line.from);
      const untilMinutes = minutesOfHHmm(line.until);
      const span = itemSpan(date, fromMinutes, untilMinutes, timeZone);
      for (let i = 0; i < line.people; i++) {
        duties.push({
          date,
          line: index,
          fromMinutes,
          untilMinutes,
          breakMinutes: line.break,
          dutyId: line.dutyId,
          resourceId: line.resourceId ?? null,
          seat: i,
          start: span.start,
          end: span.end,
        });
      }
    });
  }
  return duties;
}
