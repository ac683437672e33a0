import type { Locale } from '@app/contracts';
import { isLocale, localizedPath } from '@app/domain';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { currentLocale } from './navigation';

/** The language of the current route. */
export function useLang(): Locale {
  const { lang } = useParams();
  return isLocale(lang) ? lang : currentLocale();
}

/** Builds the path of a route in the current language. */
export function usePathTo() {
  const lang = useLang();
  return useCallback((key: string, params?: Record<string, string>) => localizedPath(key, lang, params), [lang]);
}
