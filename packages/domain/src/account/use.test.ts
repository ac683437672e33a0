import { ACCOUNT_STATUSES, ROLES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { accountUse } from './status';
import { accountLanding, accountUseRefusal } from './use';

describe('accountUseRefusal: what a member may call by the account status', () => {
  it('lets every call through for a usable account', () => {
    for (const status of ACCOUNT_STATUSES.filter((s) => s !== 'expired' && s !== 'deleted')) {
      for (const role of ROLES) expect(accountUseRefusal(accountUse(status, [role]), '/api/roster')).toBeNull();
    }
  });

  it('keeps init, sign-out, the language and the account switch open for everyone', () => {
    for (const use of ['subscription', 'contactOwner'] as const) {
      for (const route of ['/api/app/init', '/api/auth/logout', '/api/switch/locale/:lang', '/api/switch/account/:id'])
        expect([use, route, accountUseRefusal(use, route)]).toEqual([use, route, null]);
    }
  });

  it('lets the owner of an expired account reach only the subscription and the invoices', () => {
    const use = accountUse('expired', ['owner', 'planner']);
    expect(use).toBe('subscription');
    expect(accountUseRefusal(use, '/api/subscription')).toBeNull();
    expect(accountUseRefusal(use, '/api/subscription/mandate')).toBeNull();
    expect(accountUseRefusal(use, '/api/invoices/:id/pdf')).toBeNull();
    expect(accountUseRefusal(use, '/api/invoicesX')).toBe('SUBSCRIPTION_REQUIRED');
    expect(accountUseRefusal(use, '/api/roster/:locationId')).toBe('SUBSCRIPTION_REQUIRED');
    expect(accountUseRefusal(use, '/api/team')).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('refuses everyone else in an expired account everything but the session: ACCOUNT_INACTIVE', () => {
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const use = accountUse('expired', [role]);
      expect(use).toBe('contactOwner');
      expect(accountUseRefusal(use, '/api/subscription')).toBe('ACCOUNT_INACTIVE');
      expect(accountUseRefusal(use, '/api/invoices')).toBe('ACCOUNT_INACTIVE');
      expect(accountUseRefusal(use, '/api/profile')).toBe('ACCOUNT_INACTIVE');
    }
  });
});

describe('accountLanding: where the web sends a member', () => {
  it('stays on any page of a usable account', () => {
    expect(accountLanding('trial', ['user'], 'roster')).toBe('stay');
    expect(accountLanding('cancelled', ['owner'], 'overview')).toBe('stay');
  });
  it('sends the owner of an expired account to the subscription page, and lets them stay there', () => {
    expect(accountLanding('expired', ['owner'], 'overview')).toBe('subscription');
    expect(accountLanding('expired', ['owner'], null)).toBe('subscription');
    expect(accountLanding('expired', ['owner'], 'subscription')).toBe('stay');
    expect(accountLanding('expired', ['owner'], 'subscriptionConfirm')).toBe('stay');
    expect(accountLanding('expired', ['owner'], 'invoice')).toBe('stay');
  });
  it('shows everyone else of an expired account the contact-the-owner screen, wherever they go', () => {
    expect(accountLanding('expired', ['manager', 'planner'], 'subscription')).toBe('contactOwner');
    expect(accountLanding('expired', ['user'], 'overview')).toBe('contactOwner');
  });
  it('signs everyone out of a deleted account', () => {
    expect(accountLanding('deleted', ['owner'], 'subscription')).toBe('signOut');
  });
});
