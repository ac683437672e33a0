import { Divider, Text, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calendarFeedCalls, calendarFeedQuery, planningFeedCalls, planningFeedQuery } from './api';
import { FeedDialog } from './FeedDialog';
import { FeedPanel } from './FeedPanel';

/**
 * The calendar subscriptions: a personal iCal address of the member's released duties and, for those who plan the
 * shown planning, one of every duty in it (docs/product/roster.md, "Calendar feeds").
 */
export function CalendarDialog({
  locale,
  compact,
  planning,
}: {
  locale: string;
  compact: boolean;
  /** The shown planning, when the member plans it. */
  planning: { id: string; name: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <FeedDialog
      compact={compact}
      icon=<IconCalendarShare size={16} aria-hidden />
      label={t('roster.calendarFeed.button')}
      title={t('roster.calendarFeed.title')}
      testId="calendar-feed"
    >
      {planning && (
        <Title order={3} size="h5">
          {t('roster.calendarFeed.ownHeading')}
        </Title>
      )}
      <Text size="sm">{t('roster.calendarFeed.intro')}</Text>
      <FeedPanel
        query={calendarFeedQuery}
        calls={calendarFeedCalls}
        texts={{ address: t('roster.calendarFeed.address'), none: t('roster.calendarFeed.none') }}
        locale={locale}
        testId="calendar-feed"
      />
      {planning && (
        <>
          <Divider />
          <Title order={3} size="h5">
            {t('roster.calendarFeed.planningHeading', { planning: planning.name })}
          </Title>
          <Text size="sm">{t('roster.calendarFeed.planningIntro')}</Text>
          <FeedPanel
            query={planningFeedQuery(planning.id)}
            calls={planningFeedCalls(planning.id)}
            texts={{
              address: t('roster.calendarFeed.planningAddress'),
              none: t('roster.calendarFeed.planningNone'),
            }}
            locale={locale}
            testId="planning-feed"
          />
        </>
      )}
    </FeedDialog>
  );
}
