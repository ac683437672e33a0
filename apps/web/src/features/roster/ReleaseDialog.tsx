import type { ReleasePreview } from '@app/contracts';
import { Alert, Button, Group, List, Modal, Spoiler, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { errorMessage, handleApiError } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { BusyLoader } from '../../ui/BusyLoader';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { dayCalls, rosterKeys } from './api';
import { longDayLabel } from './format';
import { releaseChoice } from './model';

/** What goes out: the days, their duties and open duties, the changes since the last release, who is told. */
function PreviewSummary({ preview, locale }: { preview: ReleasePreview; locale: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="release-preview">
      <Text size="sm" c="dark.7">
        {t('roster.release.preview.days', {
          from: longDayLabel(preview.from, locale),
          until: longDayLabel(preview.until, locale),
        })}
      </Text>
      <List size="sm" spacing={2} c="dark.7">
        <List.Item data-testid="release-preview-duties">
          {t('roster.release.preview.duties', { count: preview.duties })}
        </List.Item>
        <List.Item data-testid="release-preview-open">
          {t('roster.release.preview.open', { count: preview.open })}
        </List.Item>
        <List.Item data-testid="release-preview-changes">
          {preview.lastRelease
            ? t('roster.release.preview.changes', { count: preview.changes })
            : t('roster.release.preview.firstRelease')}
        </List.Item>
        <List.Item data-testid="release-preview-notified">
          {t('roster.release.preview.notified', { count: preview.notified.count })}
        </List.Item>
      </List>
      {preview.notified.names.length > 0 && (
        <Spoiler
          maxHeight={0}
          showLabel={t('roster.release.preview.showNames')}
          hideLabel={t('roster.release.preview.hideNames')}
          data-testid="release-preview-names"
          styles={{ control: { color: 'var(--mantine-color-blue-9)' } }}
        >
          <Text size="xs" c="dark.7">
            {preview.notified.names.join(', ')}
          </Text>
        </Spoiler>
      )}
    </Stack>
  );
}

/**
 * The release calendar (docs/product/roster.md): it opens on the shown period, its last day chosen when it can be;
 * released days are marked; past days and the release date itself cannot be picked; a day up to the release date
 * revokes from that day on, a later one releases up to it. Before confirming, the planner sees what goes out (the
 * server's release preview).
 */
export function ReleaseDialog({
  location,
  locationName,
  releasedUntil,
  today,
  locale,
  weekStartsOn,
  compact,
  shown,
}: {
  location: string;
  locationName: string;
  releasedUntil: string | null;
  today: string;
  locale: string;
  weekStartsOn: 'monday' | 'sunday';
  compact: boolean;
  /** The period on screen. */
  shown: { from: string; until: string } | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const choice = date ? releaseChoice(date, releasedUntil, today) : null;
  const valid = date !== null && choice !== null && choice !== 'blocked';
  const preview = useQuery({
    queryKey: rosterKeys.releasePreview(location, date ?? ''),
    queryFn: () => dayCalls.releasePreview(location, date ?? ''),
    enabled: opened && valid,
  });

  const open = () => {
    const last = shown?.until;
    setDate(last && releaseChoice(last, releasedUntil, today) !== 'blocked' ? last : null);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    setDate(null);
  };

  const release = useMutation({
    mutationFn: (day: string) => dayCalls.release(location, day),
    onSuccess: async (answer) => {
      notify(
        'success',
        answer.releasedUntil
          ? t('roster.release.doneUntil', { date: longDayLabel(answer.releasedUntil, locale) })
          : t('roster.release.doneNone'),
      );
      close();
      await queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) notify('warning', errorMessage(error.body));
      else handleApiError(error);
    },
  });

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon=<IconLock size={16} aria-hidden />
        label={t('roster.release.button')}
        onClick={open}
        primary
        data-testid="release-open"
      />
      <Modal
        opened={opened}
        onClose={close}
        title={t('roster.release.title', { location: locationName })}
        size="auto"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="release-dialog" maw={420}>
          <Text size="sm">
            {releasedUntil
              ? t('roster.release.current', { date: longDayLabel(releasedUntil, locale) })
              : t('roster.release.currentNone')}
          </Text>
          <DatePicker
            className="roster-release"
            value={date}
            onChange={setDate}
            locale={locale}
            firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            defaultDate={shown?.from ?? today}
            minDate={today}
            maxDate="2050-12-31"
            excludeDate={(d) => releaseChoice(d, releasedUntil, today) === 'blocked'}
            getDayAriaLabel={(d) => longDayLabel(d, locale)}
            getDayProps={(d) => ({
              'data-date': d,
              ...(releasedUntil && d <= releasedUntil ? { className: 'roster-released-day' } : {}),
            })}
            ariaLabels={calendarAriaLabels(t)}
          />
          <Text size="xs" c="gray.7">
            {t('roster.release.legend')}
          </Text>
          {date && valid && (
            <Alert color={choice === 'revoke' ? 'orange' : 'teal'} variant="light" data-testid="release-summary">
              <Stack gap={6}>
                <Text size="sm" c="dark.7">
                  {choice === 'revoke'
                    ? t('roster.release.revokeFrom', { date: longDayLabel(date, locale) })
                    : t('roster.release.releaseUntil', { date: longDayLabel(date, locale) })}{' '}
                  {t('roster.release.mailed')}
                </Text>
                {preview.data ? (
                  <PreviewSummary preview={preview.data} locale={locale} />
                ) : preview.isError ? (
                  <Text size="sm" c="red.9">
                    {t('roster.release.preview.failed')}
                  </Text>
                ) : (
                  <BusyLoader size="xs" />
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => date && valid && release.mutate(date)}
              disabled={!valid}
              loading={release.isPending}
              color={choice === 'revoke' ? 'orange.9' : undefined}
              data-testid="release-confirm"
            >
              {choice === 'revoke' ? t('roster.release.revoke') : t('roster.release.release')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
