import type { Locale } from '@app/contracts';
import { isLocale, localizedPath } from '@app/domain';
import i18n from '../i18n';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The router registers itself so code outside components (error handling, realtime) can navigate. */
let navigator: Navigate = (to) => window.location.assign(to);

export const setNavigator = (fn: Navigate) => {
  navigator = fn;
};
export const navigateTo: Navigate = (to, options) => navigator(to, options);

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : 'en');

/** Only same-site absolute paths are followed after login. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** The sign-in page, remembering where the visitor wanted to go. */
export function loginPath(locale: Locale, redirect?: string | null): string {
  const base = localizedPath('login', locale);
  const target = safeRedirect(redirect);
  return target ? `${base}?redirect=${encodeURIComponent(target)}` : base;
}

/** The path being shown, for a later redirect back to it. */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Whether a path is one of the sign-in pages (no redirect back to those). */
export function isLoginPath(pathname: string): boolean {
  const rest = pathname.split('/').slice(2).join('/');
  return /^(login|anmelden|inloggen)(\/|$)/.test(rest) || rest === 'logout';
}

export function goToLogin(options: { keepRedirect: boolean } = { keepRedirect: true }) {
  const here = window.location.pathname;
  const redirect = options.keepRedirect && !isLoginPath(here) && here !== '/' ? currentPath() : null;
  navigateTo(loginPath(currentLocale(), redirect), { replace: true });
}
