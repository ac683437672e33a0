import { localizedPath } from '@app/domain';
import { Navigate } from 'react-router';
import { DelayedLoader } from '../ui/DelayedLoader';
import { InitFailureView } from './InitFailureView';
import { useInit } from './session';
import { useLang } from './useLang';

/** `/` and `/{lang}`: the overview when signed in, else the sign-in page. */
export function RootRedirect() {
  const lang = useLang();
  const init = useInit();
  if (init.data) return <Navigate to={localizedPath('overview', lang)} replace />;
  if (init.isError) return <InitFailureView error={init.error} wanted={null} />;
  return <DelayedLoader fullPage />;
}
