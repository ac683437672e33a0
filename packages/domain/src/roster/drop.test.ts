import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closedOn, UNDROPPABLE_REASONS, undraggableReason, undroppableReason } from './drop';

describe('why a day takes no duty', () => {
  it('names each reason, the first that holds', () => {
    expect(undroppableReason({ past: false })).toBeNull();
    expect(undroppableReason({ past: true, billed: true })).toBe('past');
    expect(undroppableReason({ past: false, billed: true, closed: true })).toBe('billed');
    expect(undroppableReason({ past: false, closed: true, blocked: true })).toBe('closed');
    expect(undroppableReason({ past: false, dayOff: true })).toBe('closed');
    expect(undroppableReason({ past: false, blocked: true })).toBe('blocked');
  });

  it('takes a duty exactly when no reason holds (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (p, b, c, d, x) => {
        const reason = undroppableReason({ past: p, billed: b, closed: c, dayOff: d, blocked: x });
        expect(reason === null).toBe(!(p || b || c || d || x));
        if (reason) expect(UNDROPPABLE_REASONS).toContain(reason);
      }),
    );
  });

  it('a temporary planning is closed outside its dates, an ongoing one never', () => {
    const planning = { startDate: '2026-12-01', endDate: '2026-12-24' };
    expect(closedOn('2026-11-30', planning)).toBe(true);
    expect(closedOn('2026-12-01', planning)).toBe(false);
    expect(closedOn('2026-12-24', planning)).toBe(false);
    expect(closedOn('2026-12-25', planning)).toBe(true);
    expect(closedOn('2026-12-25', { startDate: null, endDate: null })).toBe(false);
  });
});

describe('undraggableReason', () => {
  const none = { applications: [] };
  it('keeps an item on a day that takes no duty, with that day’s reason', () => {
    expect(undraggableReason(none, { past: true })).toBe('past');
    expect(undraggableReason(none, { past: false, billed: true })).toBe('billed');
    expect(undraggableReason(none, { past: false, dayOff: true })).toBe('closed');
  });
  it('blocks an item with applicants (open or accepted), not one whose applications were all declined', () => {
    expect(undraggableReason({ applications: [{ accepted: null }] }, { past: false })).toBe('applicants');
    expect(undraggableReason({ applications: [{ accepted: true }] }, { past: false })).toBe('applicants');
    expect(undraggableReason({ applications: [{ accepted: false }] }, { past: false })).toBeNull();
    expect(undraggableReason(none, { past: false })).toBeNull();
  });
});
