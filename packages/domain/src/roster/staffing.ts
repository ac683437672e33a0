import { STAFFING_MAX_COUNT, STAFFING_OVER_WEIGHT, STAFFING_UNDER_WEIGHT } from '@app/contracts';

/** A preset item as staffing needs read it: its day in the preset (0 = Monday of week 1), shift and duty. */
export interface PresetSlot {
  dayIndex: number;
  shiftId: string | null;
  dutyId: string | null;
}

export interface DerivedNeed {
  weekday: number;
  shiftId: string;
  dutyId: string | null;
  count: number;
  underWeight: number;
  overWeight: number;
}

/**
 * Staffing needs from a planning's preset (docs/product/autoroster.md): per weekday, shift and duty, the preset's
 * items of that kind averaged over its weeks and rounded up (a line the preset has in some weeks only is still
 * needed), with the default weights. Items without a shift have no times to plan with and are left out.
 */
export function staffingFromPreset(slots: readonly PresetSlot[], weeks: number): DerivedNeed[] {
  const counts = new Map<string, { weekday: number; shiftId: string; dutyId: string | null; n: number }>();
  for (const s of slots) {
    if (!s.shiftId || s.dayIndex < 0 || s.dayIndex >= weeks * 7) continue;
    const weekday = s.dayIndex % 7;
    const key = `${weekday}|${s.shiftId}|${s.dutyId ?? ''}`;
    const line = counts.get(key) ?? { weekday, shiftId: s.shiftId, dutyId: s.dutyId, n: 0 };
    line.n++;
    counts.set(key, line);
  }
  return [...counts.values()]
    .map(({ n, ...line }) => ({
      ...line,
      count: Math.min(STAFFING_MAX_COUNT, Math.ceil(n / Math.max(1, weeks))),
      underWeight: STAFFING_UNDER_WEIGHT,
      overWeight: STAFFING_OVER_WEIGHT,
    }))
    .sort((a, b) => a.weekday - b.weekday || a.shiftId.localeCompare(b.shiftId));
}
