import { maySignIn } from '@app/domain';
import { Card } from '@mantine/core';
import { useAccess } from '../../app/session';
import { useSwaps } from './api';
import { OffersForMe } from './SwapsCard';

/**
 * Offers made to the member on their day (Today, the overview; docs/product/swaps.md): the roster's list, with the
 * same calls and abilities, for whoever may use swaps (the server's rule). Shows nothing when nothing is offered.
 */
export function OffersOnToday() {
  const access = useAccess();
  const may = maySignIn({
    roles: access.roles,
    rights: access.rights,
    managerLimited: access.membership.managerLimited,
  });
  const query = useSwaps(may);
  const offers = query.data?.forMe ?? [];
  if (!may || offers.length === 0) return null;
  return (
    <Card withBorder padding="sm" radius="md" data-testid="today-offers">
      <OffersForMe offers={offers} />
    </Card>
  );
}
