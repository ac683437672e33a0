import { isLocale } from '@app/domain';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { nextLocale, preferredLocale, translatePath } from './locale';
import { currentLocale, safeRedirect } from './navigation';

/** The page to translate: ?from=, else the page the visitor came from on this site. */
function pageToTranslate(from: string | null): string | null {
  const explicit = safeRedirect(from);
  if (explicit) return explicit;
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === window.location.origin) return `${referrer.pathname}${referrer.search}`;
  } catch {
    // An unreadable referrer means there is no page to keep.
  }
  return null;
}

/** /translate and /{lang}/translate: switch to ?to=xx, or to the next language, keeping the page. */
export function TranslateRoute() {
  const { lang } = useParams();
  const [search] = useSearchParams();
  const fromLocale = isLocale(lang) ? lang : lang === undefined ? preferredLocale() : currentLocale();
  const requested = search.get('to');
  const to = isLocale(requested) ? requested : nextLocale(fromLocale);
  const page = pageToTranslate(search.get('from'));
  if (!page) return <Navigate to={`/${to}`} replace />;
  const [pathname, query = ''] = page.split('?');
  return <Navigate to={`${translatePath(pathname, to)}${query ? `?${query}` : ''}`} replace />;
}
