import { accountLanding, localizedPath, setupLanding } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { DelayedLoader } from '../ui/DelayedLoader';
import { InitFailureView } from './InitFailureView';
import { goToLogin } from './navigation';
import { notify } from './notify';
import { AccountUnusable } from './overlays/AccountUnusable';
import { IncompleteSetupModal } from './overlays/IncompleteSetupModal';
import { routeKeyOf } from './RouteGuard';
import { startRealtime, stopRealtime } from './realtime';
import { endSession, SessionContext, sessionKeys, useInit } from './session';
import { useLang } from './useLang';

/** Signed-in pages: loads the session, opens realtime, and stops members whose account cannot be used. */
export function BackendGate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const lang = useLang();
  const matches = useMatches();
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
    // What the account's status leaves this member (docs/product/account-access.md), the policy the server applies.
    const routeKey = matches.map((m) => routeKeyOf(m.handle)).findLast((k) => k !== null) ?? null;
    const landing = accountLanding(data.account.status, data.membership.roles, routeKey);
    if (landing === 'contactOwner' || landing === 'signOut') return <AccountUnusable init={data} />;
    if (landing === 'subscription') return <Navigate to={localizedPath('subscription', lang)} replace />;
    // An unfinished setup: its owner goes to the wizard, anyone else is told so and signed out.
    const setup = setupLanding(data.account, data.membership);
    if (setup === 'wizard') return <Navigate to={localizedPath('wizard', lang)} replace />;
    if (setup === 'incomplete') return <IncompleteSetupModal />;
    return (
      <SessionContext.Provider value={data}>
        <Outlet />
      </SessionContext.Provider>
    );
  }
  if (init.isError) return <InitFailureView error={init.error} wanted={`${location.pathname}${location.search}`} />;
  return <DelayedLoader fullPage />;
}
