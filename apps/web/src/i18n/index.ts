import { LOCALES, type Locale } from '@app/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import nl from './nl.json';
import pl from './pl.json';

export const catalogs: Record<Locale, typeof en> = { en, de, nl, pl };

i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: catalogs[l] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
