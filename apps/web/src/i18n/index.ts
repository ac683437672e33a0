import { LOCALES, type Locale } from '@app/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each language's catalog is a chunk of its own, loaded when the language is first used: the shell carries none of
 * the four (docs/architecture.md, "The web app's shell"). `loadLanguage` runs before the first render.
 */
const loaders: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
  nl: () => import('./nl.json'),
  pl: () => import('./pl.json'),
};

i18n.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Whether a language's catalog is there (switching to it then needs no wait). */
export const languageLoaded = (locale: Locale) => i18n.hasResourceBundle(locale, 'translation');

/** Loads a language's catalog once, and makes it the UI language. */
export async function switchLanguage(locale: Locale): Promise<void> {
  if (!languageLoaded(locale)) {
    const catalog = await loaders[locale]();
    i18n.addResourceBundle(locale, 'translation', catalog.default, true, true);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export default i18n;
