import { swapOffers } from '../../src/db/schema';
import type { Fixture } from './fixture';
import type { Who } from './table';

/**
 * Swap offers for the permission table (docs/product/swaps.md), written straight into the table: a gift of the
 * staff member's duty without a function at the member's own planning (holding the function is the rule's business,
 * not the role's), one of the member's own, one waiting for a planner, and one of Corner Store.
 */
async function offerRow(
  fx: Fixture,
  values: { itemId: string; offeredBy: string; status?: string; takenBy?: string | null; accountId?: string },
) {
  const [row] = await fx.t.database.db
    .insert(swapOffers)
    .values({ accountId: values.accountId ?? fx.bistro.id, kind: 'give', ...values })
    .returning();
  return row.id;
}

export async function giftFor(fx: Fixture, who: Who) {
  const itemId = await fx.item({ location: fx.people[who].home, dutyId: null, membershipId: fx.bistro.staff });
  return offerRow(fx, { itemId, offeredBy: fx.bistro.staff });
}

export async function ownOffer(fx: Fixture, who: Who) {
  const me = fx.people[who].membershipId;
  const itemId = await fx.item({ location: fx.people[who].home, membershipId: me });
  return offerRow(fx, { itemId, offeredBy: me });
}

export async function waitingOffer(fx: Fixture) {
  const itemId = await fx.item({ membershipId: fx.bistro.staff });
  return offerRow(fx, { itemId, offeredBy: fx.bistro.staff, status: 'pending', takenBy: fx.bistro.target });
}

/** Corner Store's one offer (its requests answer 404 and change nothing, so every row shares it). */
const foreign = new WeakMap<Fixture, Promise<string>>();
export function foreignOffer(fx: Fixture): Promise<string> {
  let id = foreign.get(fx);
  if (!id) {
    id = offerRow(fx, { itemId: fx.store.item, offeredBy: fx.store.member, accountId: fx.store.id });
    foreign.set(fx, id);
  }
  return id;
}
