import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CopyMember, type CopySource, type CopyWeekInput, planCopyWeek } from './copyWeek';
import { addDays } from './time';

const FROM = '2031-03-03';
const INTO = '2031-03-10';

const source = (over: Partial<CopySource> = {}): CopySource => ({
  id: over.id ?? 'a',
  date: FROM,
  membershipId: null,
  dutyId: 'd',
  shiftId: null,
  fromMinutes: 480,
  untilMinutes: 960,
  breakMinutes: 30,
  tagIds: [],
  ...over,
});

const member = (over: Partial<CopyMember> = {}): CopyMember => ({
  duties: new Set(['d']),
  tags: new Set(),
  sick: () => false,
  availability: () => null,
  others: [],
  ...over,
});

const input = (over: Partial<CopyWeekInput>): CopyWeekInput => ({
  sources: [],
  from: FROM,
  into: INTO,
  existing: [],
  dayRefusal: () => null,
  member: () => member(),
  place: (item) => ({
    id: item.id,
    date: item.date,
    span:
      item.fromMinutes === null || item.untilMinutes === null
        ? null
        : {
            start: Date.parse(`${item.date}T00:00:00Z`) + item.fromMinutes * 60_000,
            end: Date.parse(`${item.date}T00:00:00Z`) + item.untilMinutes * 60_000,
          },
    shiftId: item.shiftId,
    restHours: 11,
  }),
  policy: 'deny',
  timeZone: 'UTC',
  ...over,
});

describe('copying last week (planCopyWeek)', () => {
  it('lands each item on the same weekday of the week copied into', () => {
    const plan = planCopyWeek(input({ sources: [source({ date: addDays(FROM, 2), membershipId: 'emma' })] }));
    expect(plan.create.map((c) => c.date)).toEqual([addDays(INTO, 2)]);
    expect(plan.skip).toEqual([]);
  });

  it('names the first reason: the day, then being there already, then the person', () => {
    const plan = planCopyWeek(
      input({
        sources: [
          source({ id: 'past' }),
          source({ id: 'twin', date: addDays(FROM, 1) }),
          source({ id: 'gone', date: addDays(FROM, 2), membershipId: 'laura' }),
          source({ id: 'away', date: addDays(FROM, 3), membershipId: 'mia' }),
          source({ id: 'lacks', date: addDays(FROM, 4), membershipId: 'leon' }),
        ],
        existing: [source({ id: 'there', date: addDays(INTO, 1) })],
        dayRefusal: (d) => (d === INTO ? 'past' : null),
        member: (id) =>
          id === 'laura'
            ? null
            : id === 'mia'
              ? member({
                  availability: (d) =>
                    ({ date: d, type: 'vacation', status: 'approved', startMinutes: null, endMinutes: null }) as never,
                })
              : id === 'leon'
                ? member({ duties: new Set() })
                : member(),
      }),
    );
    expect(plan.create).toEqual([]);
    expect(plan.skip.map((s) => [s.source.id, s.reason])).toEqual([
      ['past', 'past'],
      ['twin', 'exists'],
      ['gone', 'inactive'],
      ['away', 'vacation'],
      ['lacks', 'duty'],
    ]);
  });

  it('counts the copies made before for the rest period of the same person', () => {
    // A night duty, then an early one the next morning: the second breaks the 11 hours of rest.
    const plan = planCopyWeek(
      input({
        sources: [
          source({ id: 'night', membershipId: 'emma', fromMinutes: 14 * 60, untilMinutes: 23 * 60 }),
          source({
            id: 'early',
            date: addDays(FROM, 1),
            membershipId: 'emma',
            fromMinutes: 6 * 60,
            untilMinutes: 12 * 60,
          }),
        ],
      }),
    );
    expect(plan.create.map((c) => c.source.id)).toEqual(['night']);
    expect(plan.skip.map((s) => [s.source.id, s.reason])).toEqual([['early', 'rest']]);
  });

  it('makes or leaves out every source exactly once, and copying into a week holding the copies makes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 6 }),
            open: fc.boolean(),
            from: fc.integer({ min: 0, max: 20 }),
          }),
          { maxLength: 12 },
        ),
        (specs) => {
          const sources = specs.map((s, i) =>
            source({
              id: `s${i}`,
              date: addDays(FROM, s.day),
              membershipId: s.open ? null : `p${i}`,
              fromMinutes: s.from * 60,
              untilMinutes: s.from * 60 + 120,
            }),
          );
          const plan = planCopyWeek(input({ sources }));
          expect(plan.create.length + plan.skip.length).toBe(sources.length);
          const existing = plan.create.map((c) => ({ ...c.source, date: c.date }));
          const again = planCopyWeek(input({ sources, existing }));
          expect(again.create).toEqual([]);
        },
      ),
    );
  });
});
