import type { Locale } from '@app/contracts';
import { useLocation, useNavigate } from 'react-router';
import { switchLocale } from '../features/session/api';
import { storeLocale, translatePath } from './locale';

/** Goes to the same page in another language; a signed-in member's server session follows. */
export function useSwitchLanguage(signedIn: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  return (to: Locale) => {
    storeLocale(to);
    if (signedIn) switchLocale(to).catch((error) => console.warn('locale switch not stored', error));
    navigate(`${translatePath(location.pathname, to)}${location.search}`);
  };
}
