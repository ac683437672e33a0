import type { InitResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { accountBanner } from './banner';

const now = new Date('2027-03-28T21:30:00Z');
const init = (
  status: InitResponse['account']['status'],
  roles: InitResponse['membership']['roles'],
  over: Partial<InitResponse['account']> = {},
) =>
  ({
    account: { status, trialEndsAt: null, periodEndsAt: null, ...over },
    membership: { roles },
  }) as unknown as InitResponse;

describe('the owner’s account banner', () => {
  it('counts the trial’s days left, a started day as a day', () => {
    expect(accountBanner(init('trial', ['owner'], { trialEndsAt: '2027-04-09T12:00:00Z' }), now)).toEqual({
      kind: 'trial',
      days: 12,
    });
  });
  it('says when a demo ends and until when a cancelled account is usable', () => {
    expect(accountBanner(init('demo', ['owner'], { trialEndsAt: '2027-03-30T21:30:00Z' }), now)).toEqual({
      kind: 'demo',
      days: 2,
    });
    expect(accountBanner(init('cancelled', ['owner'], { periodEndsAt: '2027-04-15T00:00:00Z' }), now)).toEqual({
      kind: 'cancelled',
      until: '2027-04-15T00:00:00Z',
    });
  });
  it('is for owners only, and silent for paid and licensed accounts', () => {
    expect(accountBanner(init('trial', ['manager'], { trialEndsAt: '2027-04-09T12:00:00Z' }), now)).toBeNull();
    expect(accountBanner(init('active', ['owner'], { periodEndsAt: '2027-04-09T12:00:00Z' }), now)).toBeNull();
    expect(accountBanner(init('license', ['owner']), now)).toBeNull();
  });
});
