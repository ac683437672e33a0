import type { InitResponse } from '@app/contracts';
import { daysLeft } from '@app/domain';

/**
 * What the owner's banner in the app shell says about the account's time (docs/product/account-access.md): the
 * days left of a trial (with a way to subscribe) or of a demo, the day a cancelled account stays usable until.
 * Owners only: the subscription is theirs (docs/product/subscription.md). Null: nothing to say.
 */
export type AccountBanner =
  | { kind: 'trial'; days: number }
  | { kind: 'demo'; days: number }
  | { kind: 'cancelled'; until: string }
  | null;

export function accountBanner(init: Pick<InitResponse, 'account' | 'membership'>, now: Date): AccountBanner {
  const { account, membership } = init;
  if (!membership.roles.includes('owner')) return null;
  const end = (iso: string | null) => (iso ? new Date(iso) : null);
  if (account.status === 'trial') {
    const ends = end(account.trialEndsAt);
    return ends ? { kind: 'trial', days: daysLeft(ends, now) } : null;
  }
  if (account.status === 'demo') {
    const ends = end(account.trialEndsAt);
    return ends ? { kind: 'demo', days: daysLeft(ends, now) } : null;
  }
  if (account.status === 'cancelled' && account.periodEndsAt) return { kind: 'cancelled', until: account.periodEndsAt };
  return null;
}

/** The key a dismissal is kept under: one per account, banner and day, so it comes back the next day. */
export const dismissKey = (accountId: string, banner: NonNullable<AccountBanner>, day: string) =>
  `accountBanner:${accountId}:${banner.kind}:${day}`;
