import { isLocale } from '@app/domain';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { storeLocale } from './locale';

/** Everything below /{lang}: an unknown language goes to the root, a known one becomes the UI language. */
export function LangRoute() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLocale(lang);

  // Before paint: catalogs are bundled, so the page never shows in the previous language.
  useLayoutEffect(() => {
    if (!isLocale(lang)) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
    storeLocale(lang);
  }, [lang, i18n]);

  if (!valid) return <Navigate to="/" replace />;
  return <Outlet />;
}
