import type { InitResponse } from '@app/contracts';
import type { AccessContext } from './access';

/** Accounts in these states cannot be used; the member sees a message to contact the owner. */
export function accountUsable(status: InitResponse['account']['status']): boolean {
  return status !== 'expired' && status !== 'deleted';
}

/** Builds the access context from what /api/app/init answered. */
export function accessContextFromInit(init: InitResponse, desktop: boolean): AccessContext {
  return {
    roles: init.membership.roles,
    rights: init.membership.rights,
    modules: init.app.modules,
    account: {
      demo: init.account.demo,
      special: init.account.special,
      usable: accountUsable(init.account.status),
      companyVisible: init.account.settings.companyVisible,
      contactsPublic: init.account.settings.contactsVisibility === 'public',
    },
    membership: {
      availability: init.membership.availability,
      balance: init.membership.balance,
      managerLimited: init.membership.managerLimited,
      locationCount: init.membership.locationCount,
    },
    superUser: init.user.superUser,
    desktop,
  };
}
