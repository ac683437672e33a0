import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { errorMessage, handleApiError } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { dayCalls, rosterKeys } from './api';
import { longDayLabel } from './format';
import { releaseChoice } from './model';

/**
 * The release calendar (docs/product/roster.md): released days are marked; past days and the release date itself cannot
 * be picked; a day up to the release date revokes from that day on, a later one releases up to it. The planner confirms
 * knowing the staff are mailed.
 */
export function ReleaseDialog({
  location,
  locationName,
  releasedUntil,
  today,
  locale,
  weekStartsOn,
  compact,
}: {
  location: string;
  locationName: string;
  releasedUntil: string | null;
  today: string;
  locale: string;
  weekStartsOn: 'monday' | 'sunday';
  compact: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = date ? releaseChoice(date, releasedUntil, today) : null;

  const close = () => {
    setOpened(false);
    setDate(null);
  };

  const send = async () => {
    if (!date || !choice || choice === 'blocked') return;
    setBusy(true);
    try {
      const answer = await dayCalls.release(location, date);
      notify(
        'success',
        answer.releasedUntil
          ? t('roster.release.doneUntil', { date: longDayLabel(answer.releasedUntil, locale) })
          : t('roster.release.doneNone'),
      );
      close();
      await queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    } catch (error) {
      if (isApiError(error) && error.status === 409) notify('warning', errorMessage(error.body));
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon=<IconLock size={16} aria-hidden />
        label={t('roster.release.button')}
        onClick={() => setOpened(true)}
        data-testid="release-open"
      />
      <Modal
        opened={opened}
        onClose={close}
        title={t('roster.release.title', { location: locationName })}
        size="auto"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="release-dialog">
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
            defaultDate={today}
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
          {date && choice && choice !== 'blocked' && (
            <Alert color={choice === 'revoke' ? 'orange' : 'teal'} variant="light" data-testid="release-summary">
              <Text size="sm" c="dark.7">
                {choice === 'revoke'
                  ? t('roster.release.revokeFrom', { date: longDayLabel(date, locale) })
                  : t('roster.release.releaseUntil', { date: longDayLabel(date, locale) })}{' '}
                {t('roster.release.mailed')}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => void send()}
              disabled={!choice || choice === 'blocked'}
              loading={busy}
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
