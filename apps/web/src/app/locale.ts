import { LOCALES, type Locale } from '@app/contracts';
import { isLocale, localizedPath, ROUTES, resolveLocale, routePatterns } from '@app/domain';
import { matchPath } from 'react-router';
import { LOCALE_STORAGE_KEY } from '../config';

/** Local storage may be blocked (private modes, policies); the app works without it. */
export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the language still follows the route.
  }
}

/** The language without one in the route: stored, then the browser's, then en. */
export const preferredLocale = (): Locale =>
  resolveLocale({ route: null, stored: storedLocale(), browser: navigator.languages ?? [navigator.language] });

/** The next language in the cycle en, de, nl, pl. */
export function nextLocale(locale: Locale): Locale {
  return LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length];
}

/** Which route a path below /{lang} is, and its parameters. */
export function matchRoute(rest: string): { key: string; params: Record<string, string> } | null {
  const path = `/${rest.replace(/^\/+/, '')}`;
  for (const route of ROUTES) {
    for (const pattern of routePatterns(route)) {
      const m = matchPath({ path: `/${pattern}`, end: true }, path);
      if (m) {
        const params = Object.fromEntries(
          Object.entries(m.params).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
        );
        return { key: route.key, params };
      }
    }
  }
  return null;
}

/** The same page in another language: translated path names, same parameters. */
export function translatePath(pathname: string, to: Locale): string {
  const [, first = '', ...restParts] = pathname.split('/');
  const rest = isLocale(first) ? restParts.join('/') : [first, ...restParts].join('/');
  if (!rest || rest === 'translate') return `/${to}`;
  const match = matchRoute(rest);
  return match ? localizedPath(match.key, to, match.params) : `/${to}/${rest}`;
}
