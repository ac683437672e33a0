import type { Locale } from '@app/contracts';
import { isLocale, localizedPath } from '@app/domain';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import i18n from '../i18n';

/** The language of the current route; outside a language route, the language the app speaks. */
export function useLang(): Locale {
  const { lang } = useParams();
  if (isLocale(lang)) return lang;
  return isLocale(i18n.language) ? i18n.language : 'en';
}

/** Builds the path of a route in the current language. */
export function usePathTo() {
  const lang = useLang();
  return useCallback((key: string, params?: Record<string, string>) => localizedPath(key, lang, params), [lang]);
}
