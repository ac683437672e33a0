import { LOADER_DELAY_MS } from '@app/contracts';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from './useDelayedFlag';

/** A centred loader that appears only when waiting takes longer than the loader delay. */
export function DelayedLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(true, LOADER_DELAY_MS);
  return (
    <Center mih={fullPage ? '100vh' : 200} data-testid="page-loader">
      {shown && <Loader aria-label={t('common.loading')} />}
    </Center>
  );
}
