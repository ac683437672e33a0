import type { BulkResponse } from '@app/contracts';
import { Button, Group, Paper, Popover, Stack, Switch, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { bulkCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { asksReload, refusalAsWarning } from './refusals';
import { askConfirm } from './useItemEdit';

/** Copy or move the selection onto dates picked in a calendar (the bulk paste). */
function PasteButton({ mode, run }: { mode: 'copy' | 'cut'; run: (dates: string[], withUsers: boolean) => void }) {
  const { t } = useTranslation();
  const { locale, today, weekStartsOn } = useRosterView();
  const [opened, setOpened] = useState(false);
  const [dates, setDates] = useState<string[]>([]);
  const [withUsers, setWithUsers] = useState(true);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="lg" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened((o) => !o)} data-testid={`bulk-${mode}`}>
          {t(mode === 'copy' ? 'roster.bulk.copy' : 'roster.bulk.move')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t(mode === 'copy' ? 'roster.bulk.copy' : 'roster.bulk.move')}>
        <Stack gap="xs">
          <Text size="sm">{t(mode === 'copy' ? 'roster.bulk.copyTo' : 'roster.bulk.moveTo')}</Text>
          <DatePicker
            className="roster-release"
            type="multiple"
            value={dates}
            onChange={(v) => setDates(mode === 'cut' ? v.slice(-1) : v)}
            minDate={today}
            locale={locale}
            firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            ariaLabels={calendarAriaLabels(t)}
            getDayProps={(d) => ({ 'data-date': d })}
          />
          <Switch
            label={t('roster.bulk.withUsers')}
            checked={withUsers}
            onChange={(e) => setWithUsers(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              disabled={dates.length === 0}
              onClick={() => {
                setOpened(false);
                run(dates, withUsers);
                setDates([]);
              }}
              data-testid={`bulk-${mode}-confirm`}
            >
              {t(mode === 'copy' ? 'roster.bulk.copyAction' : 'roster.bulk.moveAction', { count: dates.length })}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The planner's bulk actions on the selected items (Shift, Ctrl or Cmd + click selects): copy or move to dates,
 * duplicate, unassign, delete. The API refuses released and past days and items with open conflicts; its refusal is
 * shown as a message.
 */
export function BulkBar() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { selected, clearSelected, location } = useRosterView();
  const items = [...selected];

  const change = useMutation({
    ...refusalAsWarning,
    onError: (error) => {
      refusalAsWarning.onError(error);
      // Part of the selection is gone: it is chosen again on the reloaded roster.
      if (asksReload(error)) clearSelected();
    },
    mutationFn: (action: () => Promise<BulkResponse>) => action(),
    onSuccess: (answer) => {
      notify(
        'success',
        t('roster.bulk.done', {
          created: answer.created.length,
          changed: answer.changed.length,
          deleted: answer.deleted.length,
        }),
      );
      clearSelected();
      return queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
    },
  });
  const busy = change.isPending;
  const run = (action: () => Promise<BulkResponse>) => change.mutate(action);

  return (
    <Paper
      withBorder
      p="xs"
      className="roster-bulk"
      data-testid="bulk-bar"
      role="region"
      aria-label={t('roster.bulk.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="bulk-count">
          {t('roster.bulk.count', { count: items.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <PasteButton
            mode="copy"
            run={(dates, withUsers) => run(() => bulkCalls.paste({ items, mode: 'copy', dates, withUsers, location }))}
          />
          <PasteButton
            mode="cut"
            run={(dates, withUsers) => run(() => bulkCalls.paste({ items, mode: 'cut', dates, withUsers, location }))}
          />
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => run(() => bulkCalls.duplicate(items))}
            data-testid="bulk-duplicate"
          >
            {t('roster.bulk.duplicate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => run(() => bulkCalls.empty(items))}
            data-testid="bulk-empty"
          >
            {t('roster.bulk.empty')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            disabled={busy}
            onClick={async () => {
              if (await askConfirm(t('roster.bulk.deleteConfirm', { count: items.length }), t('roster.bulk.delete'))) {
                run(() => bulkCalls.remove(items));
              }
            }}
            data-testid="bulk-delete"
          >
            {t('roster.bulk.delete')}
          </Button>
          <Button size="xs" variant="subtle" onClick={clearSelected} data-testid="bulk-clear">
            {t('roster.bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
