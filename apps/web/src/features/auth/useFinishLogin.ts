import { localizedPath } from '@app/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/navigation';
import { queryClient } from '../../app/queryClient';
import { reloadInit } from '../../app/session';
import { useLang } from '../../app/useLang';

/** After the last sign-in step: load the new session, then go where the visitor wanted (or the overview). */
export function useFinishLogin() {
  const navigate = useNavigate();
  const lang = useLang();
  const [search] = useSearchParams();
  return async () => {
    queryClient.removeQueries();
    // A failure here is handled by the page we go to, which asks for the session again.
    await reloadInit().catch(() => undefined);
    navigate(safeRedirect(search.get('redirect')) ?? localizedPath('overview', lang), { replace: true });
  };
}

/** The current ?redirect= carried on to the next sign-in step. */
export function useRedirectQuery(): string {
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect'));
  return target ? `?redirect=${encodeURIComponent(target)}` : '';
}
