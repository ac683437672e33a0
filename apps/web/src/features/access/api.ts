import { SuperUserAccountsResponse } from '@app/contracts';
import { apiVoid, get } from '../../app/api';

/** A super user's search for an account to help. */
export const searchAccounts = (q: string) =>
  get(SuperUserAccountsResponse, `/api/superuser/accounts?q=${encodeURIComponent(q)}`);

/** The super user confirms write access for the visit they are in. */
export const confirmWrite = () => apiVoid('PUT', '/api/superuser/write');

/** Shows the member's guided tour again (true) or marks it done (false). */
export const saveOnboarding = (membershipId: string, onboarding: boolean) =>
  apiVoid('PUT', `/api/memberships/${encodeURIComponent(membershipId)}/onboarding`, { onboarding });
