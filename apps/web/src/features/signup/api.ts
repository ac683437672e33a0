import {
  type Locale,
  type RegisterRequest,
  RegisterResponse,
  SignedInResponse,
  SignupInfoResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, isMobile, post, setCsrfToken } from '../../app/api';

export const signupKeys = { info: ['signup', 'info'] as const };

/** What the sign-up pages need before anyone is signed in (whether mails go to the server's log). */
export const signupInfoQuery = queryOptions({
  queryKey: signupKeys.info,
  queryFn: () => get(SignupInfoResponse, '/api/auth/register'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const register = (body: RegisterRequest) => post(RegisterResponse, '/api/auth/register', body);

/** The registration link: confirms the address and signs the new owner in; the CSRF token is kept. */
export async function finishSignup(code: string, locale: Locale): Promise<void> {
  const res = await post(SignedInResponse, `/api/auth/signup/${encodeURIComponent(code)}`, {
    locale,
    mobile: isMobile(),
  });
  setCsrfToken(res.csrfToken);
}

/** Starts a throwaway demo company and signs the visitor in as its owner. */
export async function startDemo(locale: Locale): Promise<void> {
  const res = await post(SignedInResponse, '/api/demo', { locale, mobile: isMobile() });
  setCsrfToken(res.csrfToken);
}
