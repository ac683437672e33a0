import { Alert, Group, Text } from '@mantine/core';
import { IconFirstAidKit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/useLang';
import { formatShortDate } from '../../ui/format';
import { openSicknessQuery } from './api';

/**
 * Open sickness of a location's people on a date, above the planner's roster: who is out, since when and until
 * when; the candidate lists leave them out when the planner looks for a replacement.
 */
export function OpenSickness({ location, date }: { location: string; date: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(openSicknessQuery(location, date));
  const records = query.data ?? [];
  if (records.length === 0) return null;
  const fmt = (d: string) => formatShortDate(d, lang);
  // One compact line above the grid: the planner's rows stay where they were.
  return (
    <Alert color="pink" variant="light" py={6} icon={<IconFirstAidKit size={18} />} data-testid="roster-open-sickness">
      <Group gap="md" wrap="wrap" title={t('sickness.replaceHint')}>
        {/* Bold body text, not a red title: red on the pink alert over the grey page falls under 4.5:1 (axe). */}
        <Text size="sm" fw={700}>
          {t('sickness.openTitle', { count: records.length })}
        </Text>
        {records.map((r) => (
          <Text size="sm" key={r.id}>
            {r.end
              ? t('sickness.openUntil', {
                  name: r.name ?? t('roster.hiddenName'),
                  from: fmt(r.start),
                  until: fmt(r.end),
                })
              : t('sickness.openSince', { name: r.name ?? t('roster.hiddenName'), from: fmt(r.start) })}
          </Text>
        ))}
      </Group>
    </Alert>
  );
}
