import { Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { FeedPanel } from '../roster/FeedPanel';
import { wallScreenCalls, wallScreenStateQuery } from './api';

/** The planning's wall screen address, for those who plan it (docs/product/wall-screen.md). */
export function WallScreenDialog({
  planning,
  locale,
  compact,
}: {
  planning: { id: string; name: string };
  locale: string;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A new dialog shows no address made before: each is shown once.
  const [session, setSession] = useState(0);
  const close = () => {
    setOpened(false);
    setSession((n) => n + 1);
  };
  return (
    <>
      <ToolbarButton
        compact={compact}
        icon=<IconDeviceDesktop size={16} aria-hidden />
        label={t('wallScreen.button')}
        onClick={() => setOpened(true)}
        data-testid="wall-screen-open"
      />
      <Modal
        opened={opened}
        onClose={close}
        title={t('wallScreen.dialogTitle', { planning: planning.name })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <Stack gap="sm" data-testid="wall-screen-dialog" key={session}>
            <Text size="sm">{t('wallScreen.intro')}</Text>
            <FeedPanel
              query={wallScreenStateQuery(planning.id)}
              calls={wallScreenCalls(planning.id)}
              texts={{
                address: t('wallScreen.address'),
                none: t('wallScreen.none'),
                active: (date) => t('wallScreen.active', { date }),
                removeConfirm: t('wallScreen.removeConfirm'),
                removed: t('wallScreen.removed'),
                open: t('wallScreen.openScreen'),
              }}
              locale={locale}
              testId="wall-screen"
            />
          </Stack>
        )}
      </Modal>
    </>
  );
}
