import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateAvailable } from '../updates';

/** Shown when the server runs a newer version than the one loaded; reloading fetches it. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <Paper
      role="alert"
      data-testid="update-banner"
      p="sm"
      radius={0}
      bg="blue.0"
      style={{ borderBottom: '1px solid var(--mantine-color-blue-2)' }}
    >
      <Group justify="center" gap="md">
        <Text size="sm">{t('update.text')}</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
