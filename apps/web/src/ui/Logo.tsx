import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark and name. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-filled)" />
        <path d="M9 10h14M9 16h14M9 22h9" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Text fw={700} size="lg">
        {t('app.name')}
      </Text>
    </Group>
  );
}
