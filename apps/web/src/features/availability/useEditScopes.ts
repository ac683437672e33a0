import { type AvailabilityEditScope, availabilityEditScope } from '@app/domain';
import { useCallback } from 'react';
import { useSession } from '../../app/session';

/**
 * How far the signed-in member may change a member's availability and from which date (`availabilityEditScope`,
 * the rule the server enforces), as a function of the member, for views that show several people.
 */
export function useEditScopes(): (target: string) => AvailabilityEditScope {
  const init = useSession();
  return useCallback(
    (target: string) =>
      availabilityEditScope(
        {
          membershipId: init.membership.id,
          roles: init.membership.roles,
          rights: init.membership.rights,
          availabilityFlag: init.membership.id === target && init.membership.availability,
          managerLimited: init.membership.managerLimited,
        },
        target,
        init.account.settings,
      ),
    [init],
  );
}
