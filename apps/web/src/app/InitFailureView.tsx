import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DelayedLoader } from '../ui/DelayedLoader';
import { ErrorPage } from './errors/ErrorPage';
import { initFailure } from './initFailure';
import { notify } from './notify';
import { endSession } from './session';
import { useLang } from './useLang';

/** Acts on a failed /api/app/init: the maintenance screen, or off to the right sign-in step. */
export function InitFailureView({ error, wanted }: { error: unknown; wanted: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const failure = useMemo(() => initFailure(error, lang, wanted), [error, lang, wanted]);

  useEffect(() => {
    if (failure.kind !== 'navigate') return;
    if (failure.tokenMismatch) {
      endSession();
      notify('warning', t('errors.TOKEN_MISMATCH'), t('errorPages.tokenMismatch.title'));
    }
    navigate(failure.to, { replace: true });
  }, [failure, navigate, t]);

  if (failure.kind === 'maintenance') return <ErrorPage kind="maintenance" fullPage />;
  return <DelayedLoader fullPage />;
}
