import { ACCOUNT_STATUSES, type AccountStatus, BILLING_PERIOD_DAYS, DEMO_DAYS, TRIAL_DAYS } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountEvent,
  type AccountLife,
  accountUse,
  accountUseEndsAt,
  daysLeft,
  subscriptionAbilitiesOf,
  transitionAccount,
} from './status';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2027-03-28T21:30:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY);
const life = (status: AccountStatus, over: Partial<AccountLife> = {}): AccountLife => ({
  status,
  trialEndsAt: null,
  periodEndsAt: null,
  ...over,
});
const apply = (from: AccountLife, event: AccountEvent, at = now) => {
  const result = transitionAccount(from, event, at);
  if (!result.ok) throw new Error(`refused: ${from.status} ${event.type}`);
  return result.life;
};

describe('the account status machine', () => {
  it('starts a registered company on a 30-day trial that expires on the day it ends', () => {
    const trial = apply(life('free'), { type: 'register' });
    expect(trial).toEqual({ status: 'trial', trialEndsAt: days(TRIAL_DAYS), periodEndsAt: null });
    expect(apply(trial, { type: 'tick' }, days(TRIAL_DAYS - 1)).status).toBe('trial');
    expect(apply(trial, { type: 'tick' }, days(TRIAL_DAYS)).status).toBe('expired');
  });

  it('subscribes from trial, expired and free for one billing period, and renews from its end', () => {
    for (const from of ['trial', 'expired', 'free'] as const) {
      const active = apply(life(from, { trialEndsAt: days(3) }), { type: 'subscribe' });
      expect(active).toEqual({ status: 'active', trialEndsAt: null, periodEndsAt: days(BILLING_PERIOD_DAYS) });
    }
    const active = life('active', { periodEndsAt: days(2) });
    expect(apply(active, { type: 'renew' }).periodEndsAt).toEqual(days(2 + BILLING_PERIOD_DAYS));
    // A period that ran out while the job was away starts again from now, not in the past.
    expect(apply(life('active', { periodEndsAt: days(-5) }), { type: 'renew' }).periodEndsAt).toEqual(
      days(BILLING_PERIOD_DAYS),
    );
  });

  it('keeps a cancelled account usable to the end of its period, then expires it; resume takes it back', () => {
    const cancelled = apply(life('active', { periodEndsAt: days(10) }), { type: 'cancel', atOnce: false });
    expect(cancelled.status).toBe('cancelled');
    expect(accountUse(cancelled.status, ['user'])).toBe('full');
    expect(apply(cancelled, { type: 'tick' }, days(9)).status).toBe('cancelled');
    expect(apply(cancelled, { type: 'resume' }, days(9)).status).toBe('active');
    expect(apply(cancelled, { type: 'tick' }, days(10)).status).toBe('expired');
    expect(transitionAccount(cancelled, { type: 'resume' }, days(10)).ok).toBe(false);
    // Resubscribing inside the paid period keeps the days already paid for.
    expect(apply(cancelled, { type: 'subscribe' }, days(4)).periodEndsAt).toEqual(days(10));
  });

  it('deletes at once on request, and a deleted account never moves again', () => {
    for (const from of ['trial', 'active', 'expired', 'cancelled', 'license', 'free'] as const) {
      expect(apply(life(from), { type: 'cancel', atOnce: true }).status).toBe('deleted');
      expect(apply(life(from), { type: 'delete' }).status).toBe('deleted');
    }
    const events: AccountEvent[] = [
      { type: 'register' },
      { type: 'subscribe' },
      { type: 'renew' },
      { type: 'resume' },
      { type: 'license', endsAt: null },
      { type: 'delete' },
      { type: 'cancel', atOnce: true },
    ];
    for (const event of events) expect(transitionAccount(life('deleted'), event, now).ok).toBe(false);
    expect(transitionAccount(life('deleted'), { type: 'tick' }, now)).toMatchObject({ ok: true, changed: false });
  });

  it('refuses a cancellation at the period end where nothing was paid for', () => {
    for (const from of ['trial', 'expired', 'free', 'license'] as const)
      expect(transitionAccount(life(from), { type: 'cancel', atOnce: false }, now)).toMatchObject({
        ok: false,
        code: 'ACCOUNT_STATUS',
      });
    expect(transitionAccount(life('active'), { type: 'subscribe' }, now).ok).toBe(false);
  });

  it('runs a licence to its end, or forever without one', () => {
    const licensed = apply(life('trial', { trialEndsAt: days(1) }), { type: 'license', endsAt: days(365) });
    expect(licensed).toEqual({ status: 'license', trialEndsAt: null, periodEndsAt: days(365) });
    expect(apply(licensed, { type: 'tick' }, days(365)).status).toBe('expired');
    const forever = apply(life('expired'), { type: 'license', endsAt: null });
    expect(apply(forever, { type: 'tick' }, days(10_000)).status).toBe('license');
  });

  it('removes a demo account when it runs out', () => {
    const demo = apply(life('free'), { type: 'startDemo' });
    expect(demo.trialEndsAt).toEqual(days(DEMO_DAYS));
    expect(apply(demo, { type: 'tick' }, days(DEMO_DAYS)).status).toBe('deleted');
    expect(transitionAccount(demo, { type: 'license', endsAt: null }, now).ok).toBe(false);
  });

  it('never revives a deleted account and never moves an account back in time (any event, any day)', () => {
    const event = fc.oneof(
      fc.constantFrom<AccountEvent>(
        { type: 'register' },
        { type: 'startDemo' },
        { type: 'subscribe' },
        { type: 'renew' },
        { type: 'resume' },
        { type: 'delete' },
        { type: 'tick' },
        { type: 'cancel', atOnce: true },
        { type: 'cancel', atOnce: false },
      ),
      fc.integer({ min: 1, max: 400 }).map((d): AccountEvent => ({ type: 'license', endsAt: days(d) })),
    );
    const start = fc.record({
      status: fc.constantFrom(...ACCOUNT_STATUSES),
      trialEndsAt: fc.option(fc.integer({ min: -60, max: 60 }).map(days)),
      periodEndsAt: fc.option(fc.integer({ min: -60, max: 60 }).map(days)),
    });
    fc.assert(
      fc.property(
        start,
        fc.array(fc.tuple(event, fc.integer({ min: 0, max: 40 })), { maxLength: 12 }),
        (from, steps) => {
          let current: AccountLife = from;
          let at = now;
          for (const [e, gap] of steps) {
            at = new Date(at.getTime() + gap * DAY);
            const result = transitionAccount(current, e, at);
            if (current.status === 'deleted')
              expect(result.ok && result.life.status === 'deleted').toBe(e.type === 'tick');
            if (!result.ok) continue;
            // A tick only ever moves on what has run out by now.
            if (e.type === 'tick' && result.changed) {
              const end = accountUseEndsAt(current);
              expect(end !== null && end <= at).toBe(true);
            }
            current = result.life;
          }
        },
      ),
    );
  });
});

describe('what each status allows', () => {
  it('lets the owner of an expired account reach the subscription only, and everyone else nothing', () => {
    expect(accountUse('expired', ['owner'])).toBe('subscription');
    expect(accountUse('expired', ['manager', 'planner'])).toBe('contactOwner');
    expect(accountUse('deleted', ['owner'])).toBe('none');
    for (const status of ['free', 'trial', 'active', 'cancelled', 'license', 'demo'] as const)
      expect(accountUse(status, ['user'])).toBe('full');
  });

  it('counts the days left as started days', () => {
    expect(daysLeft(days(12), now)).toBe(12);
    expect(daysLeft(new Date(now.getTime() + 11.2 * DAY), now)).toBe(12);
    expect(daysLeft(days(-1), now)).toBe(0);
    expect(accountUseEndsAt(life('trial', { trialEndsAt: days(5) }))).toEqual(days(5));
    expect(accountUseEndsAt(life('active', { periodEndsAt: days(5) }))).toBeNull();
  });
});

describe('what the owner may do with the subscription', () => {
  it('subscribes unless paid for or gone, cancels an active one, resumes a cancelled one before its period ends', () => {
    expect(subscriptionAbilitiesOf(life('trial', { trialEndsAt: days(3) }), now)).toEqual({
      subscribe: true,
      cancel: false,
      resume: false,
    });
    expect(subscriptionAbilitiesOf(life('active', { periodEndsAt: days(10) }), now)).toEqual({
      subscribe: false,
      cancel: true,
      resume: false,
    });
    expect(subscriptionAbilitiesOf(life('cancelled', { periodEndsAt: days(10) }), now)).toEqual({
      subscribe: true,
      cancel: false,
      resume: true,
    });
    expect(subscriptionAbilitiesOf(life('cancelled', { periodEndsAt: days(-1) }), now).resume).toBe(false);
    expect(subscriptionAbilitiesOf(life('demo', { trialEndsAt: days(1) }), now)).toEqual({
      subscribe: false,
      cancel: false,
      resume: false,
    });
  });

  it('offers exactly the moves the machine accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACCOUNT_STATUSES), fc.option(fc.integer({ min: -40, max: 40 })), (status, end) => {
        const from = life(status, { periodEndsAt: end === null ? null : days(end) });
        const can = subscriptionAbilitiesOf(from, now);
        expect(can.subscribe).toBe(transitionAccount(from, { type: 'subscribe' }, now).ok);
        expect(can.resume).toBe(transitionAccount(from, { type: 'resume' }, now).ok);
        expect(can.cancel).toBe(transitionAccount(from, { type: 'cancel', atOnce: false }, now).ok);
      }),
    );
  });
});
