import { Group, Paper, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../offline';

/**
 * Says plainly that the app is offline: what shows is the last copy it saved, and changes cannot be sent until the
 * connection is back (docs/product/app.md, "Offline").
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Paper
      role="status"
      data-testid="offline-banner"
      p="xs"
      mb="sm"
      radius="sm"
      bg="gray.1"
      style={{ border: '1px solid var(--mantine-color-gray-4)' }}
    >
      <Group gap="xs" wrap="nowrap" justify="center">
        <IconCloudOff size={18} aria-hidden />
        <Text size="sm">
          <Text span fw={700}>
            {t('offline.title')}
          </Text>{' '}
          {t('offline.text')}
        </Text>
      </Group>
    </Paper>
  );
}
