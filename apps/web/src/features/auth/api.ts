import {
  type AcceptInvitationRequest,
  CodeInfoResponse,
  type Locale,
  type LoginRequest,
  LoginResponse,
  TwoFactorSetupResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, isMobile, post, setCsrfToken } from '../../app/api';

export const authKeys = {
  code: (code: string) => ['auth', 'code', code] as const,
  twoFactorSetup: ['auth', '2fa', 'setup'] as const,
};

/** Signs in; the CSRF token of the new session is kept for the calls that follow. */
export async function login(body: Omit<LoginRequest, 'mobile'>): Promise<LoginResponse> {
  const response = await post(LoginResponse, '/api/auth/login', { ...body, mobile: isMobile() });
  setCsrfToken(response.csrfToken);
  return response;
}

export const forgotPassword = (email: string, locale: Locale) =>
  apiVoid('POST', '/api/auth/password/forgot', { email, locale });

export const requestConfirmation = (email: string, locale: Locale) =>
  apiVoid('POST', '/api/auth/confirmation/request', { email, locale });

export const resetPassword = (code: string, password: string) =>
  apiVoid('POST', `/api/auth/password/reset/${encodeURIComponent(code)}`, { password });

export const confirmEmail = (code: string) => apiVoid('POST', `/api/auth/confirm-email/${encodeURIComponent(code)}`);

export const acceptInvitation = (code: string, body: AcceptInvitationRequest) =>
  apiVoid('POST', `/api/auth/invitations/${encodeURIComponent(code)}/accept`, body);

/** Failures of a code (invalid, expired, used) are shown by the code pages themselves. */
const CODE_FAILURES = new Set([404, 410]);
export const isCodeFailure = (status: number) => CODE_FAILURES.has(status);

export const codeInfoQuery = (code: string) =>
  queryOptions({
    queryKey: authKeys.code(code),
    queryFn: () => get(CodeInfoResponse, `/api/auth/codes/${encodeURIComponent(code)}`),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handled: (e) => isCodeFailure(e.status) },
  });

export const twoFactorSetupQuery = queryOptions({
  queryKey: authKeys.twoFactorSetup,
  queryFn: () => get(TwoFactorSetupResponse, '/api/auth/2fa/setup'),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
});

export const confirmTwoFactorSetup = (code: string) => apiVoid('POST', '/api/auth/2fa/setup', { code });
export const verifyTwoFactor = (code: string) => apiVoid('POST', '/api/auth/2fa/verify', { code });
export const disableTwoFactor = (password: string) => apiVoid('DELETE', '/api/auth/2fa', { password });

/** A wrong TOTP code; the form shows it on the code field. */
export const isInvalidTwoFactor = (e: { status: number; code?: string }) =>
  e.status === 401 && e.code === 'INVALID_2FA';
