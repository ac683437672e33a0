import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';

/** A short public text page: title, intro, then headed sections (catalog keys `{page}.sN.title|text`). */
export function TextPage({ page, sections, extra }: { page: string; sections: number; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t(`${page}.title`)} intro={t(`${page}.intro`)}>
      <Stack gap="md" data-testid={`${page}-page`}>
        {Array.from({ length: sections }, (_, i) => {
          const n = i + 1;
          return (
            <Stack gap={4} key={n}>
              <Title order={5}>{t(`${page}.s${n}.title`)}</Title>
              <Text size="sm">{t(`${page}.s${n}.text`)}</Text>
            </Stack>
          );
        })}
        {extra}
        <RouteLink route="login" size="sm">
          {t('common.backToLogin')}
        </RouteLink>
      </Stack>
    </AuthCard>
  );
}
