import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The card every public form sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
