import { LOCALES, type Locale } from '@app/contracts';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** First supported language of a browser's list (`de-AT` counts as `de`). */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const lang of languages) {
    const base = lang.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * The languages the public pages' switch offers (docs/product/app.md, "Routes and languages"): German, Dutch and
 * English, and Polish for a visitor who reads Polish (the page is Polish or the browser asks for it), so a Polish
 * employee finds their language on the sign-in page without the switch growing for everyone else.
 */
export function publicSwitchLocales(current: Locale, browser: readonly string[]): Locale[] {
  const shown: Locale[] = ['de', 'nl', 'en'];
  if (current === 'pl' || browserLocale(browser) === 'pl') shown.push('pl');
  return shown;
}

/** Language resolution of docs/product/app.md: the route, then the stored locale, then the browser, then en. */
export function resolveLocale(input: {
  route?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}): Locale {
  if (isLocale(input.route)) return input.route;
  if (isLocale(input.stored)) return input.stored;
  return browserLocale(input.browser ?? []) ?? 'en';
}

/** Parses an Accept-Language header into languages by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}
