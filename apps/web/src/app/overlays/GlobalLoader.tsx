import { LOADER_DELAY_MS } from '@app/contracts';
import { Loader, Paper } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useDelayedFlag } from '../../ui/useDelayedFlag';

/** A small loader in the corner while navigation or a call is pending for longer than the loader delay. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const shown = useDelayedFlag(navigation.state !== 'idle' || fetching + mutating > 0, LOADER_DELAY_MS);
  if (!shown) return null;
  return (
    <Paper
      shadow="sm"
      radius="xl"
      p={6}
      pos="fixed"
      top={12}
      right={12}
      style={{ zIndex: 1000 }}
      data-testid="global-loader"
      role="status"
      aria-label={t('common.loading')}
    >
      <Loader size="sm" />
    </Paper>
  );
}
