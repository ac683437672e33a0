import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlacedItem, placementProblem, restBetween } from './placement';
import { addDays, itemSpan, overlaps, restConflict } from './time';

const TZ = 'Europe/Berlin';
const item = (
  id: string,
  date: string,
  from: number | null,
  until: number | null,
  rest = 0,
  shiftId: string | null = null,
): PlacedItem => ({
  id,
  date,
  span: from === null || until === null ? null : itemSpan(date, from, until, TZ),
  shiftId,
  restHours: rest,
});

describe('placement rules', () => {
  it('refuses a second item on a day with an item without times, either way round', () => {
    expect(placementProblem(item('a', '2026-05-04', 480, 960), [item('b', '2026-05-04', null, null)], TZ)?.code).toBe(
      'ERR_EXISTING_FULL',
    );
    expect(placementProblem(item('a', '2026-05-04', null, null), [item('b', '2026-05-04', 480, 960)], TZ)?.code).toBe(
      'ERR_EXISTING_FULL',
    );
    expect(placementProblem(item('a', '2026-05-04', null, null), [item('b', '2026-05-05', null, null)], TZ)).toBeNull();
  });
  it('refuses the same shift twice a day', () => {
    const r = placementProblem(
      item('a', '2026-05-04', 420, 900, 0, 'F'),
      [item('b', '2026-05-04', 420, 900, 0, 'F')],
      TZ,
    );
    expect(r?.code).toBe('ERR_EXISTING_SHIFT');
  });
  it('refuses overlapping times, including an overnight item reaching into the next day', () => {
    expect(placementProblem(item('a', '2026-05-04', 600, 900), [item('b', '2026-05-04', 840, 1080)], TZ)?.code).toBe(
      'ERR_OVERLAP',
    );
    expect(placementProblem(item('a', '2026-05-05', 300, 600), [item('b', '2026-05-04', 1320, 360)], TZ)?.code).toBe(
      'ERR_OVERLAP',
    );
    expect(placementProblem(item('a', '2026-05-04', 600, 840), [item('b', '2026-05-04', 840, 1080)], TZ)).toBeNull();
  });
  it('refuses an item inside the rest period after a duty, either way round', () => {
    const late = item('late', '2026-05-04', 900, 1380, 11);
    expect(placementProblem(item('early', '2026-05-05', 420, 900), [late], TZ)?.code).toBe('ERR_OVERLAP_REST');
    expect(placementProblem(item('early', '2026-05-05', 600, 900), [late], TZ)).toBeNull();
    expect(
      placementProblem(item('late2', '2026-05-03', 900, 1380, 11), [item('e', '2026-05-04', 420, 900)], TZ)?.code,
    ).toBe('ERR_OVERLAP_REST');
  });
  it('agrees with the pairwise model on random items', () => {
    const arb = fc
      .record({
        day: fc.integer({ min: 0, max: 2 }),
        from: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
        until: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
        rest: fc.constantFrom(0, 8, 11),
      })
      .filter((x) => x.from !== x.until);
    fc.assert(
      fc.property(arb, fc.array(arb, { maxLength: 4 }), (a, bs) => {
        const mk = (x: typeof a, id: string) => item(id, addDays('2026-06-01', x.day), x.from, x.until, x.rest);
        const placed = mk(a, 'new');
        const others = bs.map((b, i) => mk(b, `o${i}`));
        const problem = placementProblem(placed, others, TZ);
        const anyOverlap = others.some((o) => overlaps(placed.span!, o.span!));
        const anyRest = others.some((o) => restConflict(placed.span!, placed.restHours, o.span!, o.restHours));
        if (anyOverlap) expect(problem?.code).toBe('ERR_OVERLAP');
        else if (anyRest) expect(problem?.code).toBe('ERR_OVERLAP_REST');
        else expect(problem).toBeNull();
      }),
    );
  });
});

describe('the rest left between two duties', () => {
  const at = (h: number) => Date.UTC(2026, 4, 4, h);
  const placed = (id: string, start: number, end: number, restHours: number) => ({
    id,
    date: '2026-05-04',
    span: { start: at(start), end: at(end) },
    shiftId: null,
    restHours,
  });
  it('counts from the earlier end to the later start, with the earlier duty’s rest', () => {
    const late = placed('a', 14, 22, 11);
    const early = placed('b', 28, 36, 8);
    expect(restBetween(early, late)).toEqual({ restMinutes: 360, requiredHours: 11 });
    expect(restBetween(late, early)).toEqual({ restMinutes: 360, requiredHours: 11 });
  });
  it('is unknown without times', () => {
    expect(restBetween({ ...placed('a', 1, 2, 0), span: null }, placed('b', 3, 4, 0))).toBeNull();
  });
});
