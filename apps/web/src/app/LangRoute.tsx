import { isLocale } from '@app/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { storeLocale } from './locale';

/** Everything below /{lang}: an unknown language goes to the root, a known one becomes the UI language. */
export function LangRoute() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLocale(lang);

  // Catalogs are bundled, so the switch is synchronous and the page renders in the route's language at once.
  if (valid && i18n.language !== lang) void i18n.changeLanguage(lang);

  useEffect(() => {
    if (!isLocale(lang)) return;
    document.documentElement.lang = lang;
    storeLocale(lang);
  }, [lang]);

  if (!valid) return <Navigate to="/" replace />;
  return <Outlet />;
}
