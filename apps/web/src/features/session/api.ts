import type { Locale } from '@app/contracts';
import { isMobile, put } from '../../app/api';

/** Switches the session to another account; the caller reloads the whole app afterwards. */
export const switchAccount = (accountId: string) =>
  put<{ ok: true }>(`/api/switch/account/${encodeURIComponent(accountId)}`, { mobile: isMobile() });

/** Tells the server the language the member now uses (mails, exports). */
export const switchLocale = (locale: Locale) => put<{ ok: true }>(`/api/switch/locale/${locale}`);

/** Stores one preference of the membership (views, filters). */
export const savePreference = (membershipId: string, key: string, value: unknown) =>
  put<{ ok: true }>(`/api/memberships/${encodeURIComponent(membershipId)}/preferences`, { key, value });
