import type { ItemOffer, RosterItem } from '@app/contracts';

/**
 * What an employee's card says about an open item (docs/product/roster.md): the reason it is not theirs to take
 * (the server's offer decides), and whether they applied for it and wait for the answer.
 */
export function offerMarks(item: RosterItem, offer: ItemOffer | undefined, me: string) {
  const refused = !item.assigned && offer && !offer.can ? (offer.reason ?? 'ERR_NOT_ELIGIBLE') : null;
  const applied = item.applications.some((a) => a.membership === me && a.accepted === null);
  return { refused, applied };
}
