/**
 * When the app offers push messages (docs/product/notifications.md, "Push messages"): not on the first load, but
 * once the member has seen a released roster with a duty of theirs or has applied for an open duty (the answer is
 * worth hearing about); only where the browser can receive pushes,
 * has not blocked them and has no subscription yet, and only until the member answered the offer on this device.
 */
export interface PushOfferInput {
  /** The browser has service workers, the Push API and notifications. */
  supported: boolean;
  /** `Notification.permission`. */
  permission: NotificationPermission;
  /** This browser already has a push subscription; null while that is not known yet. */
  subscribed: boolean | null;
  /** The member answered the offer on this device ("not now" or allowed). */
  answered: boolean;
  /** The roster on screen shows a released day with a duty of the member's. */
  seenReleasedDuty: boolean;
  /** The roster on screen shows an open duty the member applied for (and has no answer yet). */
  appliedForDuty: boolean;
}

export const shouldOfferPush = (input: PushOfferInput): boolean =>
  input.supported &&
  input.permission !== 'denied' &&
  input.subscribed === false &&
  !input.answered &&
  (input.seenReleasedDuty || input.appliedForDuty);

/** Where this device keeps that the member answered the offer. */
export const PUSH_OFFER_KEY = 'rosterly.pushOffer';
