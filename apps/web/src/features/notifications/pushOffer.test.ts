import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PushOfferInput, shouldOfferPush } from './pushOffer';

const ready: PushOfferInput = {
  supported: true,
  permission: 'default',
  subscribed: false,
  answered: false,
  seenReleasedDuty: true,
  appliedForDuty: false,
};

describe('shouldOfferPush', () => {
  it('offers once a released duty of the member was seen, on a browser that can and is not subscribed', () => {
    expect(shouldOfferPush(ready)).toBe(true);
    expect(shouldOfferPush({ ...ready, permission: 'granted' })).toBe(true);
  });

  it('offers after an application for an open duty too, before any released duty of the member', () => {
    expect(shouldOfferPush({ ...ready, seenReleasedDuty: false, appliedForDuty: true })).toBe(true);
    expect(shouldOfferPush({ ...ready, seenReleasedDuty: false, appliedForDuty: true, answered: true })).toBe(false);
  });

  it('does not offer on the first load, nor where it cannot help', () => {
    expect(shouldOfferPush({ ...ready, seenReleasedDuty: false })).toBe(false);
    expect(shouldOfferPush({ ...ready, supported: false })).toBe(false);
    expect(shouldOfferPush({ ...ready, permission: 'denied' })).toBe(false);
    expect(shouldOfferPush({ ...ready, subscribed: true })).toBe(false);
    expect(shouldOfferPush({ ...ready, subscribed: null })).toBe(false);
    expect(shouldOfferPush({ ...ready, answered: true })).toBe(false);
  });

  it('offers only when every condition holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          supported: fc.boolean(),
          permission: fc.constantFrom<NotificationPermission>('default', 'granted', 'denied'),
          subscribed: fc.constantFrom(true, false, null),
          answered: fc.boolean(),
          seenReleasedDuty: fc.boolean(),
          appliedForDuty: fc.boolean(),
        }),
        (input) => {
          const all =
            input.supported &&
            input.permission !== 'denied' &&
            input.subscribed === false &&
            !input.answered &&
            (input.seenReleasedDuty || input.appliedForDuty);
          expect(shouldOfferPush(input)).toBe(all);
        },
      ),
    );
  });
});
