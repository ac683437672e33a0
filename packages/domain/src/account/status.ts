import { type AccountStatus, BILLING_PERIOD_DAYS, DEMO_DAYS, type Role, TRIAL_DAYS } from '@app/contracts';

/**
 * The account's life (docs/product/accounts.md): a company starts a 30-day trial, subscribes (active), cancels
 * (usable to the end of the paid period, then expired) or deletes at once; a licence code replaces the
 * subscription until the licence ends; a demo account is a visitor's throwaway copy, removed when it runs out.
 * One pure machine decides every move; the daily job, sign-up, the subscription and the demo only apply its answer.
 */
export interface AccountLife {
  status: AccountStatus;
  /** End of the trial (trial) or of the demo's life (demo). */
  trialEndsAt: Date | null;
  /** End of the paid period (active, cancelled) or of the licence (license; null: a licence without end). */
  periodEndsAt: Date | null;
}

export type AccountEvent =
  /** A registered company starts its trial. */
  | { type: 'register' }
  /** A visitor's throwaway copy of the sample starts. */
  | { type: 'startDemo' }
  /** The owner subscribes (a mandate is on file): the first paid period starts now. */
  | { type: 'subscribe' }
  /** The billing job starts the next paid period of an active account. */
  | { type: 'renew' }
  /** The owner cancels: usable to the end of the paid period, or deleted at once. */
  | { type: 'cancel'; atOnce: boolean }
  /** The owner takes a cancellation back before the paid period ends. */
  | { type: 'resume' }
  /** A licence code replaces the subscription; `endsAt` null is a licence without end. */
  | { type: 'license'; endsAt: Date | null }
  /** The owner deletes the account and all its data. */
  | { type: 'delete' }
  /** The daily job: whatever ran out by now moves on. */
  | { type: 'tick' };

export type AccountTransition =
  | { ok: true; life: AccountLife; changed: boolean }
  | { ok: false; code: 'ACCOUNT_STATUS'; from: AccountStatus; event: AccountEvent['type'] };

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** Statuses an owner may subscribe from: everything that is not paid for already, nor gone. */
const SUBSCRIBABLE: readonly AccountStatus[] = ['free', 'trial', 'expired', 'cancelled'];

/** The next state of an account after an event at `now`; refused moves say so instead of throwing. */
export function transitionAccount(life: AccountLife, event: AccountEvent, now: Date): AccountTransition {
  const refuse = (): AccountTransition => ({ ok: false, code: 'ACCOUNT_STATUS', from: life.status, event: event.type });
  const to = (next: AccountLife): AccountTransition => ({
    ok: true,
    life: next,
    changed:
      next.status !== life.status ||
      next.trialEndsAt?.getTime() !== life.trialEndsAt?.getTime() ||
      next.periodEndsAt?.getTime() !== life.periodEndsAt?.getTime(),
  });
  const same = (): AccountTransition => ({ ok: true, life, changed: false });

  if (life.status === 'deleted') return event.type === 'tick' ? same() : refuse();
  switch (event.type) {
    case 'register':
      return to({ status: 'trial', trialEndsAt: plusDays(now, TRIAL_DAYS), periodEndsAt: null });
    case 'startDemo':
      return to({ status: 'demo', trialEndsAt: plusDays(now, DEMO_DAYS), periodEndsAt: null });
    case 'subscribe': {
      if (!SUBSCRIBABLE.includes(life.status)) return refuse();
      // Resubscribing within a cancelled period keeps the days already paid for.
      const paidUntil =
        life.status === 'cancelled' && life.periodEndsAt && life.periodEndsAt > now ? life.periodEndsAt : null;
      return to({ status: 'active', trialEndsAt: null, periodEndsAt: paidUntil ?? plusDays(now, BILLING_PERIOD_DAYS) });
    }
    case 'renew': {
      if (life.status !== 'active') return refuse();
      const from = life.periodEndsAt && life.periodEndsAt > now ? life.periodEndsAt : now;
      return to({ ...life, periodEndsAt: plusDays(from, BILLING_PERIOD_DAYS) });
    }
    case 'cancel':
      if (event.atOnce) return life.status === 'demo' ? refuse() : to({ ...life, status: 'deleted' });
      if (life.status === 'active') return to({ ...life, status: 'cancelled' });
      // Nothing paid to run out: a trial or an expired account cancels by being deleted.
      return refuse();
    case 'resume':
      if (life.status !== 'cancelled' || !life.periodEndsAt || life.periodEndsAt <= now) return refuse();
      return to({ ...life, status: 'active' });
    case 'license':
      if (life.status === 'demo') return refuse();
      return to({ status: 'license', trialEndsAt: null, periodEndsAt: event.endsAt });
    case 'delete':
      return to({ ...life, status: 'deleted' });
    case 'tick':
      return tick(life, now, to, same);
  }
}

function tick(
  life: AccountLife,
  now: Date,
  to: (next: AccountLife) => AccountTransition,
  same: () => AccountTransition,
): AccountTransition {
  const over = (end: Date | null) => end !== null && end <= now;
  switch (life.status) {
    case 'trial':
      return over(life.trialEndsAt) ? to({ ...life, status: 'expired' }) : same();
    case 'demo':
      return over(life.trialEndsAt) ? to({ ...life, status: 'deleted' }) : same();
    case 'cancelled':
    case 'license':
      return over(life.periodEndsAt) ? to({ ...life, status: 'expired' }) : same();
    // An active account's period is renewed by the billing job; free, expired and deleted stay.
    default:
      return same();
  }
}

/** What the owner may do with the subscription now: each is a move the machine allows from here. */
export function subscriptionAbilitiesOf(
  life: AccountLife,
  now: Date,
): { subscribe: boolean; cancel: boolean; resume: boolean } {
  const allows = (event: AccountEvent) => transitionAccount(life, event, now).ok;
  return {
    subscribe: allows({ type: 'subscribe' }),
    cancel: allows({ type: 'cancel', atOnce: false }),
    resume: allows({ type: 'resume' }),
  };
}

/**
 * What a member may do in an account of this status: everything; only the subscription page (the owner of an
 * expired account); only the "contact the owner" screen (everyone else there); or nothing (a deleted account).
 */
export type AccountUse = 'full' | 'subscription' | 'contactOwner' | 'none';

export function accountUse(status: AccountStatus, roles: readonly Role[]): AccountUse {
  if (status === 'deleted') return 'none';
  if (status === 'expired') return roles.includes('owner') ? 'subscription' : 'contactOwner';
  return 'full';
}

/** When the account's free or paid use ends, for the owner's "12 days left" (null: no end). */
export function accountUseEndsAt(life: AccountLife): Date | null {
  if (life.status === 'trial' || life.status === 'demo') return life.trialEndsAt;
  if (life.status === 'cancelled' || life.status === 'license') return life.periodEndsAt;
  return null;
}

/** Whole days left until `end`, counting a started day as a day; 0 once it has passed. */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
