import { accountUsable, localizedPath, setupLanding } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DelayedLoader } from '../ui/DelayedLoader';
import { InitFailureView } from './InitFailureView';
import { goToLogin } from './navigation';
import { notify } from './notify';
import { AccountUnusable } from './overlays/AccountUnusable';
import { IncompleteSetupModal } from './overlays/IncompleteSetupModal';
import { startRealtime, stopRealtime } from './realtime';
import { endSession, SessionContext, sessionKeys, useInit } from './session';
import { useLang } from './useLang';

/** Signed-in pages: loads the session, opens realtime, and stops members whose account cannot be used. */
export function BackendGate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const lang = useLang();
  const init = useInit();
  const data = init.data;
  const realtime = data?.app.services.realtime ?? false;
  const accountId = data?.account.id;
  const membershipId = data?.membership.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reconnect only when the member or account changes
  useEffect(() => {
    if (!data || !realtime) return;
    startRealtime(data, {
      onReinit: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.init }),
      onLogout: () => {
        endSession();
        notify('warning', t('session.loggedOutRemotely'));
        goToLogin({ keepRedirect: false });
      },
    });
    return stopRealtime;
  }, [realtime, accountId, membershipId]);

  if (data) {
    if (!accountUsable(data.account.status)) return <AccountUnusable init={data} />;
    // An unfinished setup: its owner goes to the wizard, anyone else is told so and signed out.
    const landing = setupLanding(data.account, data.membership);
    if (landing === 'wizard') return <Navigate to={localizedPath('wizard', lang)} replace />;
    if (landing === 'incomplete') return <IncompleteSetupModal />;
    return (
      <SessionContext.Provider value={data}>
        <Outlet />
      </SessionContext.Provider>
    );
  }
  if (init.isError) return <InitFailureView error={init.error} wanted={`${location.pathname}${location.search}`} />;
  return <DelayedLoader fullPage />;
}
