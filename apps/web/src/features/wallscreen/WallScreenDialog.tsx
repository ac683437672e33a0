import { Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeedDialog } from '../roster/FeedDialog';
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
  return (
    <FeedDialog
      compact={compact}
      icon=<IconDeviceDesktop size={16} aria-hidden />
      label={t('wallScreen.button')}
      title={t('wallScreen.dialogTitle', { planning: planning.name })}
      testId="wall-screen"
    >
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
    </FeedDialog>
  );
}
