import { type AvailabilityEditLevel, availabilityDeadline, availabilityEditLevel } from '@app/domain';
import { useMemo } from 'react';
import { useSession } from '../../app/session';

/** How far the signed-in member may change a member's availability, and the first date they may change. */
export function useEditLevel(target: string): { level: AvailabilityEditLevel; deadline: string | null } {
  const init = useSession();
  return useMemo(() => {
    const level = availabilityEditLevel(
      {
        membershipId: init.membership.id,
        roles: init.membership.roles,
        rights: init.membership.rights,
        availabilityFlag: init.membership.id === target && init.membership.availability,
        managerLimited: init.membership.managerLimited,
      },
      target,
      init.account.settings,
    );
    const deadline =
      level === 'own'
        ? availabilityDeadline(init.account.settings.availabilityWeeksAhead, init.account.settings.timeZone)
        : null;
    return { level, deadline };
  }, [init, target]);
}
