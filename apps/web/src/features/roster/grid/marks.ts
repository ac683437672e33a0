import type { RosterResponse } from '@app/contracts';
import { type CellAbsence, cellAbsence } from '@app/domain';

/** What the grid marks beside the items, looked up by key once per load (a month has thousands of cells). */
export interface GridMarks {
  /** By `user|date`: vacation, sickness, unavailable or limited, with the availability's window when it has one. */
  absence: Map<string, { kind: CellAbsence; window: string | null }>;
  /** Holiday names by date. */
  holidays: Map<string, string>;
}

const cache = new WeakMap<RosterResponse, GridMarks>();

/** The marks of a load (docs/product/roster.md, "Leave and holidays"), computed once per load object. */
export function gridMarks(data: RosterResponse): GridMarks {
  const known = cache.get(data);
  if (known) return known;
  const sick = new Set((data.sick ?? []).map((s) => `${s.user}|${s.date}`));
  const absence: GridMarks['absence'] = new Map();
  for (const a of data.availability) {
    const key = `${a.user}|${a.date}`;
    const kind = cellAbsence({ type: a.type as never, status: a.status as never }, sick.has(key));
    if (kind) absence.set(key, { kind, window: a.start && a.end ? `${a.start}–${a.end}` : null });
  }
  for (const key of sick) if (!absence.has(key)) absence.set(key, { kind: 'sick', window: null });
  const marks = { absence, holidays: new Map((data.holidays ?? []).map((h) => [h.date, h.name])) };
  cache.set(data, marks);
  return marks;
}

/** Cents as whole euros in the reader's locale (the roster's cost figures). */
export function formatCost(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    cents / 100,
  );
}
