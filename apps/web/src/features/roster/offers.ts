import type { ItemOffer, RosterItem } from '@app/contracts';

/**
 * What an employee's card says about an open item (docs/product/roster.md): whether it is offered to them or the
 * reason it is not theirs to take (the server's offer decides), and whether they applied and wait for the answer.
 */
export function offerMarks(item: RosterItem, offer: ItemOffer | undefined, me: string) {
  const refused = !item.assigned && offer && !offer.can ? (offer.reason ?? 'ERR_NOT_ELIGIBLE') : null;
  const offered = !item.assigned && offer?.can === true;
  const applied = item.applications.some((a) => a.membership === me && a.accepted === null);
  return { refused, offered, applied };
}
