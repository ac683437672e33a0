import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { reloadInit } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { startSetup } from './api';
import { SetupMessage, setupMessageKind } from './SetupMessage';

/**
 * `wizard/start/{id}/{token}` and `setup/{id}/{token}`: a mailed link opens the wizard for its account's owner,
 * where they left it. A wrong, used or expired link, and a finished setup, say so.
 */
export default function WizardStartPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const start = useMutation({
    mutationFn: () => startSetup({ accountId: id, token }),
    meta: { handled: () => true },
    onSuccess: async (answer) => {
      await reloadInit().catch(() => undefined);
      navigate(answer.twoFactor === 'verify' ? pathTo('twoFactorVerify') : pathTo('wizardStep'), { replace: true });
    },
  });
  const used = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is used once, when the page opens
  useEffect(() => {
    if (used.current) return;
    used.current = true;
    start.mutate();
  }, [id, token]);
  if (start.isError) {
    // A link cut short or mangled is as unusable as a wrong one.
    const malformed = isApiError(start.error) && start.error.status === 422;
    return <SetupMessage kind={malformed ? 'INVALID_CREDENTIALS' : setupMessageKind(start.error)} />;
  }
  return <DelayedLoader fullPage />;
}
