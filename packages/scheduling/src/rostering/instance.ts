/**
 * A rostering instance: people, shift types and a horizon of whole weeks starting on a Monday, with per-person
 * limits, fixed days off, shift on/off wishes and the cover wanted per day and shift. The rules are described in
 * packages/scheduling/README.md, "Auto-roster".
 */
export interface ShiftType {
  id: string;
  minutes: number;
  /** Indices (into `shifts`) of the shifts that may not be worked the day after this one. */
  notFollowedBy: number[];
}

export interface Person {
  id: string;
  /** Per shift index: the most shifts of that type in the horizon. */
  maxShifts: number[];
  maxTotalMinutes: number;
  minTotalMinutes: number;
  maxConsecutiveShifts: number;
  minConsecutiveShifts: number;
  minConsecutiveDaysOff: number;
  maxWeekends: number;
  /** Day indices this person may not work. */
  daysOff: number[];
}

/** A wish: work `shift` on `day` (on request) or do not (off request); `weight` is the penalty when not met. */
export interface ShiftRequest {
  person: number;
  day: number;
  shift: number;
  weight: number;
}

/** People wanted on `shift` on `day`: each one short costs `underWeight`, each one too many `overWeight`. */
export interface Cover {
  day: number;
  shift: number;
  requirement: number;
  underWeight: number;
  overWeight: number;
}

export interface RosterInstance {
  name: string;
  days: number;
  shifts: ShiftType[];
  people: Person[];
  onRequests: ShiftRequest[];
  offRequests: ShiftRequest[];
  covers: Cover[];
}

/** Per person and day: the shift index worked, or -1 for a day off. */
export type Roster = number[][];

export const OFF = -1;

/** The weekends of the horizon as [saturday, sunday] day indices (the horizon starts on a Monday). */
export function weekends(days: number): [number, number][] {
  const out: [number, number][] = [];
  for (let sat = 5; sat < days; sat += 7) out.push([sat, sat + 1]);
  return out;
}
