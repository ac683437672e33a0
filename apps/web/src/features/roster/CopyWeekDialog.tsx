import type { CopyWeekPreview } from '@app/contracts';
import { addDays } from '@app/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { BusyLoader } from '../../ui/BusyLoader';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { bulkCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { dayLabel } from './format';
import { gridMarks } from './grid/marks';
import { refusalAsWarning } from './refusals';

type Entry = CopyWeekPreview['create'][number] & { reason?: CopyWeekPreview['skip'][number]['reason'] };

/** One duty of last week as it lands: "Mon 30.11. · SV · 07:00–15:00 · Emma Schmidt", and why it is left out. */
function EntryLine({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { data, locale } = useRosterView();
  const duty = entry.duty ? data.duties[entry.duty] : undefined;
  const person = entry.user ? (data.users[entry.user]?.name ?? t('roster.hiddenName')) : t('roster.openDuty');
  const times = entry.times ? `${entry.times.from}–${entry.times.until}` : t('roster.noTimes');
  // The holiday's or day off's name, as the day head names it (the shown week is the one copied into).
  const holiday = entry.reason === 'holiday' ? gridMarks(data).holidays.get(entry.date) : undefined;
  return (
    <li>
      <Text size="sm" c="dark.7" span>
        {[dayLabel(entry.date, locale), duty?.identifier ?? '—', times, person].join(' · ')}
      </Text>
      {entry.reason && (
        <Text size="sm" c="gray.7" fs="italic" span>
          {' '}
          — {t(`roster.copyWeek.reason.${entry.reason}`)}
          {holiday ? `: ${holiday}` : ''}
        </Text>
      )}
    </li>
  );
}

/** A list that scrolls on its own when long (a big planning's week), reachable by keyboard. */
function EntryList({ label, entries, testId }: { label: string; entries: Entry[]; testId: string }) {
  if (!entries.length) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
    <section className="roster-copy-list" aria-label={label} tabIndex={0} data-testid={testId}>
      <ul>
        {entries.map((e) => (
          <EntryLine key={`${e.source}-${e.date}`} entry={e} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Copy last week (docs/product/roster.md, "Copy last week"): the preview says which duties of the week before would
 * be created in the shown week and which are left out with their reason; copying makes them in one call, and the
 * history (Ctrl/Cmd+Z) takes them away again.
 */
export function CopyWeekDialog({ start, compact }: { start: string; compact: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { location, locale, edit } = useRosterView();
  const [opened, setOpened] = useState(false);
  const preview = useQuery({
    queryKey: rosterKeys.copyWeek(location, start),
    queryFn: () => bulkCalls.copyWeekPreview(location, start),
    enabled: opened,
    staleTime: 0,
  });
  const copying = useMutation({
    ...refusalAsWarning,
    mutationFn: () => bulkCalls.copyWeek(location, start),
    onSuccess: (answer) => {
      const count = answer.created.length;
      notify('success', t('roster.copyWeek.done', { count }));
      edit.record(
        t('roster.copyWeek.history', { count }),
        answer.created.map((id) => ({ kind: 'remove' as const, id })),
      );
      setOpened(false);
      return queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
  const plan = preview.data;
  const count = plan?.create.length ?? 0;

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon={<IconCopy size={16} aria-hidden />}
        label={t('roster.copyWeek.button')}
        onClick={() => setOpened(true)}
        data-testid="copy-week-open"
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('roster.copyWeek.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="copy-week-dialog">
          {plan ? (
            <>
              <Text size="sm">
                {t('roster.copyWeek.intro', {
                  from: dayLabel(plan.from, locale),
                  until: dayLabel(addDays(plan.into, -1), locale),
                  into: dayLabel(plan.into, locale),
                  intoUntil: dayLabel(plan.until, locale),
                })}
              </Text>
              {count === 0 && plan.skip.length === 0 ? (
                <Alert color="gray" variant="light" data-testid="copy-week-nothing">
                  <Text size="sm" c="dark.7">
                    {t('roster.copyWeek.nothing')}
                  </Text>
                </Alert>
              ) : (
                <>
                  <Text size="sm" fw={600} data-testid="copy-week-create">
                    {t('roster.copyWeek.create', { count })}
                  </Text>
                  <EntryList label={t('roster.copyWeek.createList')} entries={plan.create} testId="copy-week-creates" />
                  <Text size="sm" fw={600} data-testid="copy-week-skip">
                    {t('roster.copyWeek.skip', { count: plan.skip.length })}
                  </Text>
                  <EntryList label={t('roster.copyWeek.skipList')} entries={plan.skip} testId="copy-week-skips" />
                </>
              )}
            </>
          ) : preview.isError ? (
            <Text size="sm" c="red.9">
              {t('roster.copyWeek.failed')}
            </Text>
          ) : (
            <BusyLoader size="sm" />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => copying.mutate()}
              disabled={count === 0}
              loading={copying.isPending}
              data-testid="copy-week-confirm"
            >
              {t('roster.copyWeek.confirm', { count })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
