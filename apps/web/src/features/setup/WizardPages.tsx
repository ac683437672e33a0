import type { InitResponse } from '@app/contracts';
import { setupLanding } from '@app/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { InitFailureView } from '../../app/InitFailureView';
import { IncompleteSetupModal } from '../../app/overlays/IncompleteSetupModal';
import { useInit } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { SetupMessage } from './SetupMessage';

/**
 * The signed-in session the wizard needs, and who goes where (`setupLanding`): the owner of an unfinished account
 * into the wizard, anyone else of it to the notice and out, a finished account's members to the finished message.
 */
export function WithWizardSession({ children }: { children: (init: InitResponse) => ReactNode }) {
  const init = useInit();
  const location = useLocation();
  if (init.isError) return <InitFailureView error={init.error} wanted={`${location.pathname}${location.search}`} />;
  if (!init.data) return <DelayedLoader fullPage />;
  const landing = setupLanding(init.data.account, init.data.membership);
  if (landing === 'incomplete') return <IncompleteSetupModal />;
  if (landing === 'app') return <SetupMessage kind="SETUP_COMPLETED" signedIn />;
  return children(init.data);
}

/** `wizard`: the entry, which opens the current step. */
export default function WizardPage() {
  const pathTo = usePathTo();
  return <WithWizardSession>{() => <Navigate to={pathTo('wizardStep')} replace />}</WithWizardSession>;
}
