import {
  LoginResponse,
  SetupCompleteResponse,
  type SetupSaveRequest,
  type SetupStartRequest,
  SetupState,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put, setCsrfToken } from '../../app/api';

export const setupKeys = { state: (accountId: string) => ['setup', accountId] as const };

const base = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/setup`;

/** The wizard's draft on the server: the current step and every step's input. */
export const setupQuery = (accountId: string) =>
  queryOptions({
    queryKey: setupKeys.state(accountId),
    queryFn: async () => await get(SetupState, base(accountId)),
    // The page words its failures itself (SETUP_COMPLETED, 403, ...).
    meta: { handled: () => true },
    staleTime: 0,
  });

export const saveSetupStep = async (accountId: string, body: SetupSaveRequest) =>
  await put(SetupState, base(accountId), body);

export const completeSetup = (accountId: string) => post(SetupCompleteResponse, `${base(accountId)}/complete`);

export const sendSetupLink = (accountId: string) => apiVoid('POST', `${base(accountId)}/link`);

/** Opens the wizard from a mailed link: signs its owner in (the CSRF token of the new session is kept). */
export async function startSetup(body: SetupStartRequest): Promise<LoginResponse> {
  const response = await post(LoginResponse, '/api/setup/start', body);
  setCsrfToken(response.csrfToken);
  return response;
}
