import { getISOWeek } from 'date-fns';
import { weekStart } from './roster/period';
import { addDays, calendarDate } from './roster/time';

export interface MonthGridDay {
  date: string;
  day: number;
  inMonth: boolean;
  weekend: boolean;
}
export interface MonthGridWeek {
  /** The ISO week number (1-53) of the row's Monday: date pickers show it beside each row. */
  week: number;
  days: MonthGridDay[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The rows of a month as a calendar shows them: whole weeks from the week of the 1st to the week of the last day,
 * starting on Monday or Sunday, each with its ISO week number.
 */
export function monthGrid(year: number, month: number, startsOn: 'monday' | 'sunday' = 'monday'): MonthGridWeek[] {
  const first = `${year}-${pad(month)}-01`;
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  const last = addDays(nextMonth, -1);
  const weeks: MonthGridWeek[] = [];
  for (let start = weekStart(first, startsOn); start <= last; start = addDays(start, 7)) {
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(start, i);
      const weekday = calendarDate(date).getUTCDay();
      return {
        date,
        day: Number(date.slice(8, 10)),
        inMonth: date >= first && date <= last,
        weekend: weekday === 0 || weekday === 6,
      };
    });
    const monday = startsOn === 'monday' ? start : addDays(start, 1);
    weeks.push({ week: getISOWeek(calendarDate(monday)), days });
  }
  return weeks;
}

/** The ISO week number (1-53) of a calendar date. */
export const isoWeekNumber = (date: string): number => getISOWeek(calendarDate(date));
