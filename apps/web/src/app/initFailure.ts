import type { Locale } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { isApiError } from './api';
import { loginPath, safeRedirect } from './navigation';

export type InitFailure = { kind: 'maintenance' } | { kind: 'navigate'; to: string; tokenMismatch: boolean };

const withRedirect = (path: string, wanted: string | null) => {
  const target = safeRedirect(wanted);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
};

/** Where a failed /api/app/init leads: maintenance on 503/504, the 2FA steps, else the sign-in page. */
export function initFailure(error: unknown, lang: Locale, wanted: string | null): InitFailure {
  if (!isApiError(error)) {
    console.error('init failed', error);
    return { kind: 'navigate', to: loginPath(lang, wanted), tokenMismatch: false };
  }
  if (error.status === 503 || error.status === 504) return { kind: 'maintenance' };
  if (error.code === 'TWO_FACTOR_REQUIRED')
    return { kind: 'navigate', to: withRedirect(localizedPath('twoFactorVerify', lang), wanted), tokenMismatch: false };
  if (error.code === 'TWO_FACTOR_SETUP_REQUIRED')
    return { kind: 'navigate', to: withRedirect(localizedPath('twoFactorSetup', lang), wanted), tokenMismatch: false };
  if (error.body?.logout) return { kind: 'navigate', to: loginPath(lang, null), tokenMismatch: true };
  return { kind: 'navigate', to: loginPath(lang, wanted), tokenMismatch: false };
}
