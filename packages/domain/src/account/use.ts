import type { AccountStatus, Role } from '@app/contracts';
import { type AccountUse, accountUse } from './status';

/**
 * What a member may still reach of an account they cannot fully use (docs/product/account-access.md). The server's
 * session hook asks `accountUseRefusal` for every member call; the web's gate asks `accountLanding` for every page.
 * Both read `accountUse(status, roles)`, the one policy.
 */

/** Calls anyone signed in may make whatever the account's status: starting the app, the session itself. */
const SESSION_CALLS = [
  '/api/app/init',
  '/api/auth/logout',
  '/api/auth/broadcast',
  '/api/switch/',
  // A super user's own tools (the account search, write access): they answer 404 to anyone else.
  '/api/superuser/',
] as const;
/** What the owner of an expired account may reach besides: the subscription and its invoices. */
const SUBSCRIPTION_CALLS = ['/api/subscription', '/api/invoices'] as const;

/** `/api/invoices` covers itself and what lies below it (`/api/invoices/:id`), not `/api/invoicesX`. */
const startsWithAny = (route: string, prefixes: readonly string[]) =>
  prefixes.some((p) => route === p || route.startsWith(p.endsWith('/') ? p : `${p}/`));

/**
 * The refusal a call to `route` (the route's pattern, e.g. `/api/roster/{id}`) gets under `use`, or null when it
 * may go ahead. 'none' ends the session instead (the caller answers 401).
 */
export function accountUseRefusal(use: AccountUse, route: string): 'ACCOUNT_INACTIVE' | 'SUBSCRIPTION_REQUIRED' | null {
  if (use === 'full') return null;
  if (startsWithAny(route, SESSION_CALLS)) return null;
  if (use === 'subscription') return startsWithAny(route, SUBSCRIPTION_CALLS) ? null : 'SUBSCRIPTION_REQUIRED';
  return 'ACCOUNT_INACTIVE';
}

/** The route keys the owner of an expired account may open: the subscription page and its steps, the invoices. */
const SUBSCRIPTION_PAGES = new Set(['subscription', 'subscriptionConfirm', 'invoice']);

export type AccountLanding = 'stay' | 'subscription' | 'contactOwner' | 'signOut';

/**
 * Where the web sends a member opening a page (`routeKey`, null when unknown) of an account in `status`: the page
 * itself; the subscription page (the owner of an expired account); the "contact the owner" screen (everyone else
 * there); or out (a deleted account).
 */
export function accountLanding(status: AccountStatus, roles: readonly Role[], routeKey: string | null): AccountLanding {
  const use = accountUse(status, roles);
  if (use === 'full') return 'stay';
  if (use === 'none') return 'signOut';
  if (use === 'contactOwner') return 'contactOwner';
  return routeKey !== null && SUBSCRIPTION_PAGES.has(routeKey) ? 'stay' : 'subscription';
}
