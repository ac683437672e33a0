import type { Locale } from '@app/contracts';
import { apiVoid, isMobile } from '../../app/api';

/** Switches the session to another account; the caller reloads the whole app afterwards. */
export const switchAccount = (accountId: string) =>
  apiVoid('PUT', `/api/switch/account/${encodeURIComponent(accountId)}`, { mobile: isMobile() });

/** Tells the server the language the member now uses (mails, exports). */
export const switchLocale = (locale: Locale) => apiVoid('PUT', `/api/switch/locale/${locale}`);

/** Stores one preference of the membership (views, filters). */
export const savePreference = (membershipId: string, key: string, value: unknown) =>
  apiVoid('PUT', `/api/memberships/${encodeURIComponent(membershipId)}/preferences`, { key, value });
