import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEGAL_MAX_MINUTES_PER_WEEK } from './contractRules';
import {
  approvesAtOnce,
  combineVerdicts,
  hasStarted,
  mayOffer,
  swapAbilitiesOf,
  swapStatusAt,
  type TakerFacts,
  takerVerdict,
  weeklyLimitMinutes,
} from './swap';

const NOW = Date.UTC(2030, 4, 6, 10, 0);
const at = { now: NOW, today: '2030-05-06', releasedUntil: '2030-05-31' };
const item = { membershipId: 'me', date: '2030-05-08', startAt: NOW + 86_400_000, flag: null };

describe('which duty may be offered', () => {
  it('one\u2019s own released duty that has not started', () => {
    expect(mayOffer('me', item, at)).toBe(true);
  });
  it('not a colleague\u2019s, nor an open one', () => {
    expect(mayOffer('me', { ...item, membershipId: 'you' }, at)).toBe(false);
    expect(mayOffer('me', { ...item, membershipId: null }, at)).toBe(false);
  });
  it('not on a day that is not released', () => {
    expect(mayOffer('me', { ...item, date: '2030-06-02' }, at)).toBe(false);
    expect(mayOffer('me', item, { ...at, releasedUntil: null })).toBe(false);
  });
  it('not once it started, nor with a sign-out or sickness on it', () => {
    expect(mayOffer('me', { ...item, startAt: NOW }, at)).toBe(false);
    expect(mayOffer('me', { ...item, flag: 'signout' }, at)).toBe(false);
    expect(mayOffer('me', { ...item, flag: 'sick' }, at)).toBe(false);
  });
  it('a whole-day duty has started once its day came', () => {
    expect(hasStarted({ date: '2030-05-06', startAt: null }, at)).toBe(true);
    expect(hasStarted({ date: '2030-05-07', startAt: null }, at)).toBe(false);
  });
});

describe('expiry', () => {
  it('an open or pending offer expires when the duty starts; decided ones keep their status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('open', 'pending', 'approved', 'denied', 'declined', 'withdrawn' as const),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (status, offset) => {
          const read = swapStatusAt(status, { date: '2030-05-06', startAt: NOW + offset }, at);
          const waiting = status === 'open' || status === 'pending';
          expect(read).toBe(waiting && offset <= 0 ? 'expired' : status);
        },
      ),
    );
  });
});

const fine: TakerFacts = {
  eligible: true,
  placement: null,
  availability: null,
  week: { plannedMinutes: 0, itemMinutes: 480, limitMinutes: null },
};

describe('what an acceptance breaks', () => {
  it('nothing for someone free who holds the duty', () => {
    expect(takerVerdict(fine)).toEqual({ refuse: null, breaks: [] });
  });
  it('refuses what nobody overrules: not eligible, a collision, the deny policy', () => {
    expect(takerVerdict({ ...fine, eligible: false }).refuse).toBe('ERR_NOT_ELIGIBLE');
    expect(takerVerdict({ ...fine, placement: 'ERR_OVERLAP' }).refuse).toBe('ERR_OVERLAP');
    expect(takerVerdict({ ...fine, placement: 'ERR_EXISTING_FULL' }).refuse).toBe('ERR_EXISTING_FULL');
    expect(takerVerdict({ ...fine, placement: 'ERR_EXISTING_SHIFT' }).refuse).toBe('ERR_EXISTING_SHIFT');
    expect(takerVerdict({ ...fine, availability: 'ERR_UNAVAILABLE_DENY' }).refuse).toBe('ERR_UNAVAILABLE_DENY');
  });
  it('lets the planner decide on rest, the warn policy, limited availability and contract hours', () => {
    expect(takerVerdict({ ...fine, placement: 'ERR_OVERLAP_REST' })).toEqual({
      refuse: null,
      breaks: ['ERR_OVERLAP_REST'],
    });
    expect(takerVerdict({ ...fine, availability: 'ERR_UNAVAILABLE_WARN' }).breaks).toEqual(['ERR_UNAVAILABLE_WARN']);
    expect(takerVerdict({ ...fine, availability: 'ERR_UNAVAILABLE_LIMITED' }).breaks).toEqual([
      'ERR_UNAVAILABLE_LIMITED',
    ]);
  });
  it('the contract breaks exactly when the week would pass its limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 900 }),
        fc.option(fc.integer({ min: 1, max: 4000 }), { nil: null }),
        (plannedMinutes, itemMinutes, limitMinutes) => {
          const v = takerVerdict({ ...fine, week: { plannedMinutes, itemMinutes, limitMinutes } });
          const over = limitMinutes !== null && plannedMinutes + itemMinutes > limitMinutes;
          expect(v.breaks.includes('ERR_CONTRACT_HOURS')).toBe(over);
        },
      ),
    );
  });
  it('a swap is refused when either side is, and otherwise breaks what either side breaks', () => {
    const rest = takerVerdict({ ...fine, placement: 'ERR_OVERLAP_REST' });
    const warn = takerVerdict({ ...fine, availability: 'ERR_UNAVAILABLE_WARN' });
    expect(combineVerdicts([rest, warn, rest])).toEqual({
      refuse: null,
      breaks: ['ERR_OVERLAP_REST', 'ERR_UNAVAILABLE_WARN'],
    });
    expect(combineVerdicts([rest, takerVerdict({ ...fine, eligible: false })]).refuse).toBe('ERR_NOT_ELIGIBLE');
  });
});

describe('approval', () => {
  it('at once only when nothing breaks and the account lets it', () => {
    expect(approvesAtOnce([], true)).toBe(true);
    expect(approvesAtOnce([], false)).toBe(false);
    expect(approvesAtOnce(['ERR_OVERLAP_REST'], true)).toBe(false);
  });
  it('contract limits: a flexible contract\u2019s hours, the legal maximum for fixed ones, none without', () => {
    expect(weeklyLimitMinutes({ type: 'flex', weeklyMinutes: 600 })).toBe(600);
    expect(weeklyLimitMinutes({ type: 'flex', weeklyMinutes: 0 })).toBeNull();
    expect(weeklyLimitMinutes({ type: 'full', weeklyMinutes: 2400 })).toBe(LEGAL_MAX_MINUTES_PER_WEEK);
    expect(weeklyLimitMinutes(null)).toBeNull();
  });
});

describe('who may do what', () => {
  const gift = { kind: 'give' as const, status: 'open' as const, offeredBy: 'anna', to: null, declinedBy: [] };
  const colleague = { membershipId: 'lukas', planner: false };
  it('a colleague who may work it accepts or declines an open gift; one who may not only declines', () => {
    expect(swapAbilitiesOf(colleague, gift, true)).toEqual({
      accept: true,
      decline: true,
      withdraw: false,
      decide: false,
    });
    expect(swapAbilitiesOf(colleague, gift, false).accept).toBe(false);
    expect(swapAbilitiesOf(colleague, { ...gift, declinedBy: ['lukas'] }, true).accept).toBe(false);
  });
  it('a swap is for the colleague asked only', () => {
    const swap = { ...gift, kind: 'swap' as const, to: 'emma' };
    expect(swapAbilitiesOf(colleague, swap, true).accept).toBe(false);
    expect(swapAbilitiesOf({ membershipId: 'emma', planner: false }, swap, true).accept).toBe(true);
  });
  it('the offerer withdraws while it waits, never accepts their own', () => {
    const anna = { membershipId: 'anna', planner: false };
    expect(swapAbilitiesOf(anna, gift, true)).toMatchObject({ accept: false, withdraw: true });
    expect(swapAbilitiesOf(anna, { ...gift, status: 'pending' }, true).withdraw).toBe(true);
    expect(swapAbilitiesOf(anna, { ...gift, status: 'approved' }, true).withdraw).toBe(false);
  });
  it('planners decide pending offers only; nobody acts on an expired one', () => {
    const planner = { membershipId: 'p', planner: true };
    expect(swapAbilitiesOf(planner, { ...gift, status: 'pending' }, false).decide).toBe(true);
    expect(swapAbilitiesOf(planner, gift, false).decide).toBe(false);
    expect(swapAbilitiesOf(colleague, { ...gift, status: 'expired' }, true)).toEqual({
      accept: false,
      decline: false,
      withdraw: false,
      decide: false,
    });
  });
});
