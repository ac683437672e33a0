import { LOADER_DELAY_MS } from '@app/contracts';
import { Center } from '@mantine/core';
import { BusyLoader } from './BusyLoader';
import { useDelayedFlag } from './useDelayedFlag';

/** A centred loader that appears only when waiting takes longer than the loader delay. */
export function DelayedLoader({ fullPage = false }: { fullPage?: boolean }) {
  const shown = useDelayedFlag(true, LOADER_DELAY_MS);
  return (
    <Center mih={fullPage ? '100vh' : 200} data-testid="page-loader">
      {shown && <BusyLoader />}
    </Center>
  );
}
