import {
  AVAILABILITY_TYPES,
  type AvailabilityType,
  type Role,
  UNAVAILABLE_POLICIES,
  VACATION_STATUSES,
} from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityEditScope,
  type AvailabilityState,
  availabilityAbilitiesOf,
  availabilityDayRefusal,
  availabilityDeadline,
  availabilityDefaultRulesOf,
  availabilityEditLevel,
  availabilityEditScope,
  availabilityProblems,
  availabilitySaveProblems,
  availabilityStateOf,
  availabilityTimes,
  availabilityVerdict,
  availabilityWeekday,
  constraintsEqual,
  datesBeforeDeadline,
  effectiveAvailability,
  mayReadAvailability,
  mayReplaceEntry,
  mayUseVacationStatus,
  sharedConstraints,
} from './availability';
import { addDays } from './time';

const minute = fc.integer({ min: 0, max: 1439 });
const type = fc.constantFrom(...AVAILABILITY_TYPES);
const status = fc.constantFrom(...VACATION_STATUSES);
const policy = fc.constantFrom(...UNAVAILABLE_POLICIES);
const date = fc.integer({ min: 0, max: 800 }).map((d) => addDays('2025-06-01', d));
const optionalMinute = fc.option(minute, { nil: null });
const anyItem = fc.record({ date, fromMinutes: optionalMinute, untilMinutes: optionalMinute });
const state = (over: Partial<AvailabilityState> = {}): AvailabilityState => ({
  date: '2026-05-04',
  type: 'available',
  startMinutes: null,
  endMinutes: null,
  status: null,
  ...over,
});
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('an availability entry', () => {
  it('limited is available within a window: it needs both start and end', () => {
    expect(availabilityProblems({ type: 'limited' })).toEqual({ start: ['timesRequired'], end: ['timesRequired'] });
    expect(availabilityProblems({ type: 'limited', startMinutes: at('10:00') })).toEqual({ end: ['timesRequired'] });
    expect(availabilityProblems({ type: 'limited', startMinutes: at('10:00'), endMinutes: at('14:00') })).toEqual({});
  });

  it('available may have a window, with both start and end', () => {
    expect(availabilityProblems({ type: 'available' })).toEqual({});
    expect(availabilityProblems({ type: 'available', startMinutes: 600, endMinutes: 900 })).toEqual({});
    expect(availabilityProblems({ type: 'available', endMinutes: 900 })).toEqual({ start: ['timesBoth'] });
  });

  it('constraints only when available: unavailable and wish take no times', () => {
    for (const t of ['unavailable', 'wish'] as const) {
      expect(availabilityProblems({ type: t })).toEqual({});
      expect(availabilityProblems({ type: t, startMinutes: 600, endMinutes: 900 })).toEqual({
        start: ['timesNotAllowed'],
        end: ['timesNotAllowed'],
      });
    }
  });

  it('vacation needs a status, and vacation-day constraints need both start and end', () => {
    expect(availabilityProblems({ type: 'vacation' })).toEqual({ status: ['statusRequired'] });
    expect(availabilityProblems({ type: 'vacation', status: 'requested' })).toEqual({});
    expect(availabilityProblems({ type: 'vacation', status: 'approved', startMinutes: 0, endMinutes: 720 })).toEqual(
      {},
    );
    expect(availabilityProblems({ type: 'vacation', status: 'approved', startMinutes: 0 })).toEqual({
      end: ['timesBoth'],
    });
  });

  it('only vacation has a status', () => {
    expect(availabilityProblems({ type: 'available', status: 'approved' })).toEqual({ status: ['statusNotAllowed'] });
  });

  it('start and end must differ; an end before the start runs past midnight', () => {
    expect(availabilityProblems({ type: 'limited', startMinutes: 600, endMinutes: 600 })).toEqual({
      end: ['timesEqual'],
    });
    expect(availabilityProblems({ type: 'limited', startMinutes: at('18:00'), endMinutes: at('02:00') })).toEqual({});
  });

  it('times are minutes of one day', () => {
    expect(availabilityProblems({ type: 'limited', startMinutes: -1, endMinutes: 1440 })).toEqual({
      start: ['timeInvalid'],
      end: ['timeInvalid'],
    });
  });

  it('property: an entry passes exactly when its type, times and status fit together', () => {
    fc.assert(
      fc.property(type, optionalMinute, optionalMinute, fc.option(status, { nil: null }), (t, start, end, s) => {
        const ok = Object.keys(availabilityProblems({ type: t, startMinutes: start, endMinutes: end, status: s }));
        const both = start !== null && end !== null;
        const none = start === null && end === null;
        const timesFit =
          t === 'limited'
            ? both && start !== end
            : t === 'unavailable' || t === 'wish'
              ? none
              : none || (both && start !== end);
        const statusFits = t === 'vacation' ? s !== null : s === null;
        expect(ok.length === 0).toBe(timesFit && statusFits);
      }),
    );
  });
});

describe('a multi-day save', () => {
  it('needs each date once, between 1 and 93 of them', () => {
    expect(availabilitySaveProblems({ type: 'unavailable', dates: ['2026-05-04', '2026-05-05'] })).toEqual({});
    expect(availabilitySaveProblems({ type: 'unavailable', dates: ['2026-05-04', '2026-05-04'] })).toEqual({
      dates: ['datesDuplicate'],
    });
    expect(availabilitySaveProblems({ type: 'unavailable', dates: [] })).toEqual({ dates: ['datesCount'] });
    const many = Array.from({ length: 94 }, (_, i) => addDays('2026-01-01', i));
    expect(availabilitySaveProblems({ type: 'unavailable', dates: many })).toEqual({ dates: ['datesCount'] });
  });

  it('constraints are equal across the selected days: the form shows them only when they are', () => {
    const a = { startMinutes: 600, endMinutes: 900 };
    expect(constraintsEqual([a, { ...a }])).toBe(true);
    expect(constraintsEqual([a, { startMinutes: 600, endMinutes: 960 }])).toBe(false);
    expect(sharedConstraints([a, { ...a }])).toEqual(a);
    expect(sharedConstraints([a, { startMinutes: null, endMinutes: null }])).toEqual({
      startMinutes: null,
      endMinutes: null,
    });
    expect(sharedConstraints([])).toEqual({ startMinutes: null, endMinutes: null });
  });
});

describe('the weeks-ahead deadline', () => {
  it('is today plus N weeks, counted in the account time zone', () => {
    // 23:30 UTC on 3 May is already 4 May in Berlin, still 3 May in New York.
    const now = new Date('2026-05-03T23:30:00Z');
    expect(availabilityDeadline(0, 'Europe/Berlin', now)).toBe('2026-05-04');
    expect(availabilityDeadline(0, 'America/New_York', now)).toBe('2026-05-03');
    expect(availabilityDeadline(2, 'Europe/Berlin', now)).toBe('2026-05-18');
  });

  it('closes exactly the dates before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 52 }), fc.array(date, { maxLength: 20 }), (weeks, dates) => {
        const now = new Date('2026-03-29T12:00:00Z');
        const deadline = availabilityDeadline(weeks, 'Europe/Berlin', now);
        expect(deadline).toBe(addDays('2026-03-29', 7 * weeks));
        const closed = datesBeforeDeadline(dates, deadline);
        for (const d of dates) expect(closed.includes(d)).toBe(d < deadline);
      }),
    );
  });
});

describe('effective availability', () => {
  const defaults = [
    { weekday: 0, type: 'limited' as const, startMinutes: 600, endMinutes: 900 },
    { weekday: 6, type: 'unavailable' as const, startMinutes: null, endMinutes: null },
  ];

  it('an entry of the date wins over the weekday default', () => {
    const entry = state({ date: '2026-05-04', type: 'available' });
    expect(effectiveAvailability(entry, defaults, '2026-05-04')).toBe(entry);
  });

  it('without an entry the default of the weekday holds (0 = Monday ... 6 = Sunday)', () => {
    expect(effectiveAvailability(null, defaults, '2026-05-04')).toEqual({
      date: '2026-05-04',
      type: 'limited',
      startMinutes: 600,
      endMinutes: 900,
      status: null,
    });
    expect(effectiveAvailability(null, defaults, '2026-05-10')?.type).toBe('unavailable');
    expect(effectiveAvailability(null, defaults, '2026-05-05')).toBeNull();
  });

  it('property: the weekday of date + 7 is the weekday of date', () => {
    fc.assert(
      fc.property(date, (d) => {
        expect(availabilityWeekday(addDays(d, 7))).toBe(availabilityWeekday(d));
        expect(availabilityWeekday(addDays(d, 1))).toBe((availabilityWeekday(d) + 1) % 7);
      }),
    );
    expect(availabilityWeekday('2026-05-04')).toBe(0);
  });
});

describe('stored availability', () => {
  it('reads stored rows as the rules see them; unknown types read as none', () => {
    const row = { date: '2026-05-04', type: 'vacation', startMinutes: null, endMinutes: null, status: 'approved' };
    expect(availabilityStateOf(row)).toEqual({ ...row, status: 'approved' });
    expect(availabilityStateOf({ ...row, type: 'sick' })).toBeNull();
    expect(availabilityStateOf({ ...row, type: 'wish', status: 'odd' })?.status).toBeNull();
    expect(availabilityStateOf(undefined)).toBeNull();
    expect(
      availabilityDefaultRulesOf([
        { weekday: 0, type: 'limited', startMinutes: 60, endMinutes: 120 },
        { weekday: 1, type: 'holiday', startMinutes: null, endMinutes: null },
      ]),
    ).toEqual([{ weekday: 0, type: 'limited', startMinutes: 60, endMinutes: 120 }]);
  });
});

describe('the availability verdict for a roster item', () => {
  const item = (from: string | null, until: string | null) => ({
    date: '2026-05-04',
    fromMinutes: from === null ? null : at(from),
    untilMinutes: until === null ? null : at(until),
  });

  it('unavailable: denied, warned or allowed by the account policy', () => {
    const e = state({ type: 'unavailable' });
    expect(availabilityVerdict(e, item('08:00', '16:00'), 'deny')).toBe('ERR_UNAVAILABLE_DENY');
    expect(availabilityVerdict(e, item('08:00', '16:00'), 'warn')).toBe('ERR_UNAVAILABLE_WARN');
    expect(availabilityVerdict(e, item('08:00', '16:00'), 'allow')).toBeNull();
    expect(availabilityVerdict(e, null, 'warn')).toBe('ERR_UNAVAILABLE_WARN');
  });

  it('vacation requested or approved counts as unavailable; a denied one does not', () => {
    expect(availabilityVerdict(state({ type: 'vacation', status: 'approved' }), item(null, null), 'deny')).toBe(
      'ERR_UNAVAILABLE_DENY',
    );
    expect(availabilityVerdict(state({ type: 'vacation', status: 'requested' }), item('08:00', '12:00'), 'warn')).toBe(
      'ERR_UNAVAILABLE_WARN',
    );
    expect(availabilityVerdict(state({ type: 'vacation', status: 'denied' }), item('08:00', '12:00'), 'deny')).toBe(
      null,
    );
  });

  it('a part-day vacation only counts for items overlapping its window', () => {
    const morning = state({ type: 'vacation', status: 'approved', startMinutes: 0, endMinutes: at('12:00') });
    expect(availabilityVerdict(morning, item('13:00', '20:00'), 'deny')).toBeNull();
    expect(availabilityVerdict(morning, item('11:00', '15:00'), 'deny')).toBe('ERR_UNAVAILABLE_DENY');
    expect(availabilityVerdict(morning, item(null, null), 'deny')).toBe('ERR_UNAVAILABLE_DENY');
  });

  it('limited: fine inside the window, ERR_UNAVAILABLE_LIMITED outside or without times', () => {
    const e = state({ type: 'limited', startMinutes: at('10:00'), endMinutes: at('18:00') });
    expect(availabilityVerdict(e, item('10:00', '18:00'), 'deny')).toBeNull();
    expect(availabilityVerdict(e, item('12:00', '14:00'), 'deny')).toBeNull();
    expect(availabilityVerdict(e, item('09:00', '14:00'), 'allow')).toBe('ERR_UNAVAILABLE_LIMITED');
    expect(availabilityVerdict(e, item('17:00', '19:00'), 'warn')).toBe('ERR_UNAVAILABLE_LIMITED');
    expect(availabilityVerdict(e, item(null, null), 'warn')).toBe('ERR_UNAVAILABLE_LIMITED');
    expect(availabilityVerdict(e, null, 'warn')).toBe('ERR_UNAVAILABLE_LIMITED');
  });

  it('limited over midnight holds overnight items inside its window', () => {
    const e = state({ type: 'limited', startMinutes: at('18:00'), endMinutes: at('02:00') });
    expect(availabilityVerdict(e, item('20:00', '01:00'), 'deny')).toBeNull();
    expect(availabilityVerdict(e, item('20:00', '03:00'), 'deny')).toBe('ERR_UNAVAILABLE_LIMITED');
  });

  it('property: available, wish and no availability never object', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AvailabilityType>('available', 'wish'),
        optionalMinute,
        optionalMinute,
        anyItem,
        policy,
        (t, s, e, i, p) => {
          expect(availabilityVerdict(state({ type: t, startMinutes: s, endMinutes: e }), i, p)).toBeNull();
          expect(availabilityVerdict(null, i, p)).toBeNull();
        },
      ),
    );
  });

  it('property: under allow only a limited day asks for confirmation', () => {
    fc.assert(
      fc.property(type, optionalMinute, optionalMinute, fc.option(status, { nil: null }), anyItem, (t, s, e, st, i) => {
        const v = availabilityVerdict(state({ type: t, startMinutes: s, endMinutes: e, status: st }), i, 'allow');
        expect(v === null || (t === 'limited' && v === 'ERR_UNAVAILABLE_LIMITED')).toBe(true);
      }),
    );
  });

  it('property: a limited verdict is null exactly when the item lies inside the window', () => {
    fc.assert(
      fc.property(minute, minute, minute, minute, policy, (ws, we, from, until, p) => {
        fc.pre(ws !== we && from !== until);
        const e = state({ type: 'limited', startMinutes: ws, endMinutes: we });
        const v = availabilityVerdict(e, { date: e.date, fromMinutes: from, untilMinutes: until }, p);
        // Reference model: the minutes each covers on the line of this date and the next (an end not after the
        // start runs into the next day); inside when every minute of the item is a minute of the window.
        const minutes = (s: number, en: number) => {
          const out = new Set<number>();
          for (let m = s; m % 1440 !== en || m === s; m++) out.add(m);
          return out;
        };
        const win = minutes(ws, we);
        const inside = [...minutes(from, until)].every((m) => win.has(m));
        expect(v === null).toBe(inside);
      }),
    );
  });
});

describe('who edits availability', () => {
  const settings = { plannersMayChangeAvailability: true };
  const employee = {
    membershipId: 'e',
    roles: ['user' as const],
    rights: ['availability.edit'],
    availabilityFlag: true,
  };

  it('owners and managers always, anyone', () => {
    for (const role of ['owner', 'manager'] as const) {
      const editor = { membershipId: 'm', roles: [role], rights: [], availabilityFlag: false };
      expect(availabilityEditLevel(editor, 'e', { plannersMayChangeAvailability: false })).toBe('planner');
    }
  });

  it('planners for others only when the account lets them', () => {
    const planner = { membershipId: 'p', roles: ['planner' as const], rights: [], availabilityFlag: false };
    expect(availabilityEditLevel(planner, 'e', settings)).toBe('planner');
    expect(availabilityEditLevel(planner, 'e', { plannersMayChangeAvailability: false })).toBeNull();
  });

  it('a member for themself with the right and the availability flag, bound by the rules for employees', () => {
    expect(availabilityEditLevel(employee, 'e', settings)).toBe('own');
    expect(availabilityEditLevel(employee, 'x', settings)).toBeNull();
    expect(availabilityEditLevel({ ...employee, rights: [] }, 'e', settings)).toBeNull();
    expect(availabilityEditLevel({ ...employee, availabilityFlag: false }, 'e', settings)).toBeNull();
    const supervisor = { ...employee, roles: ['supervisor' as const] };
    expect(availabilityEditLevel(supervisor, 'x', settings)).toBeNull();
  });

  it('an employee only requests vacation and cannot undo a decided one', () => {
    expect(mayUseVacationStatus('own', 'requested')).toBe(true);
    expect(mayUseVacationStatus('own', null)).toBe(true);
    expect(mayUseVacationStatus('own', 'approved')).toBe(false);
    expect(mayUseVacationStatus('own', 'denied')).toBe(false);
    expect(mayUseVacationStatus('planner', 'approved')).toBe(true);
    expect(mayReplaceEntry('own', { type: 'vacation', status: 'requested' })).toBe(true);
    expect(mayReplaceEntry('own', { type: 'vacation', status: 'approved' })).toBe(false);
    expect(mayReplaceEntry('own', { type: 'vacation', status: 'denied' })).toBe(false);
    expect(mayReplaceEntry('own', null)).toBe(true);
    expect(mayReplaceEntry('planner', { type: 'vacation', status: 'approved' })).toBe(true);
    expect(mayReplaceEntry(null, null)).toBe(false);
  });

  it('planners read everyone, members themselves', () => {
    expect(mayReadAvailability({ membershipId: 'p', roles: ['planner'] }, 'e')).toBe(true);
    expect(mayReadAvailability({ membershipId: 'e', roles: ['user'] }, 'e')).toBe(true);
    expect(mayReadAvailability({ membershipId: 'e', roles: ['supervisor'] }, 'x')).toBe(false);
  });
});

describe('what an editor may do on a date', () => {
  const level = fc.constantFrom<AvailabilityEditScope['level']>('planner', 'own', null);
  const scope = fc
    .tuple(level, date)
    .map(([l, deadline]): AvailabilityEditScope => ({ level: l, deadline: l === 'own' ? deadline : null }));
  const entry = fc.option(fc.record({ type, status: fc.option(status, { nil: null }) }), { nil: null });

  it('an own editor gets the deadline; planners change any date', () => {
    const settings = { plannersMayChangeAvailability: false, availabilityWeeksAhead: 2, timeZone: 'Europe/Berlin' };
    const now = new Date('2026-05-04T08:00:00Z');
    const self = {
      membershipId: 'me',
      roles: ['user'] as Role[],
      rights: ['availability.edit'],
      availabilityFlag: true,
    };
    expect(availabilityEditScope(self, 'me', settings, now)).toEqual({ level: 'own', deadline: '2026-05-18' });
    expect(availabilityEditScope({ ...self, roles: ['manager'] }, 'other', settings, now)).toEqual({
      level: 'planner',
      deadline: null,
    });
    expect(availabilityEditScope({ ...self, roles: ['user'] }, 'other', settings, now)).toEqual({
      level: null,
      deadline: null,
    });
  });

  it('a vacation already decided is for planners only; an empty day has nothing to remove', () => {
    const own = { level: 'own' as const, deadline: '2026-05-18' };
    expect(availabilityDayRefusal(own, '2026-05-17', null)).toBe('deadline');
    expect(availabilityDayRefusal(own, '2026-05-18', { type: 'vacation', status: 'approved' })).toBe('decided');
    expect(availabilityAbilitiesOf(own, '2026-05-18', null)).toEqual({ change: true, remove: false });
    expect(availabilityAbilitiesOf(own, '2026-05-18', { type: 'wish', status: null })).toEqual({
      change: true,
      remove: true,
    });
    expect(availabilityAbilitiesOf({ level: null, deadline: null }, '2026-05-18', null)).toEqual({
      change: false,
      remove: false,
    });
  });

  it('property: a day changes exactly when nothing refuses it, and only a dated entry is removed', () => {
    fc.assert(
      fc.property(scope, date, entry, (s, d, e) => {
        const can = availabilityAbilitiesOf(s, d, e);
        const refusal = availabilityDayRefusal(s, d, e);
        expect(can.change).toBe(refusal === null);
        expect(can.remove).toBe(can.change && e !== null);
        if (s.level === null) expect(refusal).toBe('forbidden');
        if (s.level === 'planner') expect(refusal).toBe(null);
        if (s.level === 'own' && s.deadline !== null && d < s.deadline) expect(refusal).toBe('deadline');
        if (refusal === 'decided') expect(e?.type === 'vacation' && e.status !== 'requested').toBe(true);
      }),
    );
  });

  it('property: a form shows times exactly for the types that accept some', () => {
    fc.assert(
      fc.property(type, minute, (t, m) => {
        const end = (m + 60) % 1440;
        const withTimes = availabilityProblems({
          type: t,
          startMinutes: m,
          endMinutes: end,
          status: t === 'vacation' ? 'requested' : null,
        });
        expect(Object.keys(withTimes).length === 0).toBe(availabilityTimes(t) !== 'none');
        const without = availabilityProblems({ type: t, status: t === 'vacation' ? 'requested' : null });
        expect(Object.keys(without).length === 0).toBe(availabilityTimes(t) !== 'required');
      }),
    );
  });
});
