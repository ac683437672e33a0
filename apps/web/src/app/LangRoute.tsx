import { isLocale } from '@app/domain';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { languageLoaded, switchLanguage } from '../i18n';
import { storeLocale } from './locale';

/** Everything below /{lang}: an unknown language goes to the root, a known one becomes the UI language. */
export function LangRoute() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLocale(lang);

  // Before paint when the catalog is there (the first one loads before the first render); another language's loads
  // first, while the page stays in the previous one.
  useLayoutEffect(() => {
    if (!isLocale(lang)) return;
    const apply = () => {
      document.documentElement.lang = lang;
      storeLocale(lang);
    };
    if (languageLoaded(lang)) {
      if (i18n.language !== lang) void i18n.changeLanguage(lang);
      apply();
    } else {
      void switchLanguage(lang).then(apply);
    }
  }, [lang, i18n]);

  if (!valid) return <Navigate to="/" replace />;
  return <Outlet />;
}
