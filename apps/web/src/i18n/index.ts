import { LOCALES, type Locale } from '@app/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { CatalogPart } from './parts';

type Catalog = Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's catalog is two chunks of its own (parts.ts), loaded when the language is first used: the shell
 * carries none of the four (docs/architecture.md, "The web app's shell"). The first part loads before the first
 * render; the later part once the page has shown its first content, or before a page that needs it renders.
 */
const loaders: Record<Locale, Record<CatalogPart, () => Catalog>> = {
  en: { first: () => import('virtual:catalog/en/first'), later: () => import('virtual:catalog/en/later') },
  de: { first: () => import('virtual:catalog/de/first'), later: () => import('virtual:catalog/de/later') },
  nl: { first: () => import('virtual:catalog/nl/first'), later: () => import('virtual:catalog/nl/later') },
  pl: { first: () => import('virtual:catalog/pl/first'), later: () => import('virtual:catalog/pl/later') },
};

i18n.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A text shown before the later part arrived is drawn again once it has.
  react: { bindI18nStore: 'added' },
});

/** The parts loaded or loading, by "locale/part"; a failed load is forgotten, so the next asks again. */
const parts = new Map<string, Promise<void>>();
const done = new Set<string>();
/** Once the whole catalog was asked for, a language switched to loads whole before it shows. */
let wholeWanted = false;

function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}/${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = loaders[locale][part]().then((catalog) => {
      i18n.addResourceBundle(locale, 'translation', catalog.default, true, true);
      done.add(key);
    });
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return loading;
}

/** Whether a language's catalog is there, as far as it is needed yet (switching to it then needs no wait). */
export const languageLoaded = (locale: Locale) =>
  done.has(`${locale}/first`) && (!wholeWanted || done.has(`${locale}/later`));

/** Loads a language's catalog once (its first part, and the rest once that is wanted), and makes it the UI language. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await Promise.all([loadPart(locale, 'first'), ...(wholeWanted ? [loadPart(locale, 'later')] : [])]);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The rest of the current language's catalog: after the first content, and before any page but the roster. */
export function completeCatalog(): Promise<void> {
  wholeWanted = true;
  const locale = LOCALES.find((l) => l === i18n.language);
  return locale ? loadPart(locale, 'later') : Promise.resolve();
}

export default i18n;
