import { Button, Chip, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconRowInsertBottom } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { formatWeekday } from '../../ui/format';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { usePickerIds } from '../../ui/usePickerIds';
import { bulkCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { refusalAsWarning } from './refusals';

/** Monday … Sunday of a known week, for the weekday names in the locale (0 = Monday, as the API counts). */
const WEEKDAY_DATES = [
  '2024-01-01',
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-06',
  '2024-01-07',
];

/**
 * Fill: open duties over a range of days from a duty or a shift, a number per day, on the chosen weekdays. The API
 * refuses released and past days.
 */
export function FillDialog({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const queryClient = useQueryClient();
  const { data, location, locale, today, weekStartsOn, toolbox } = useRosterView();
  const duties = Object.values(data.duties).filter((d) => !d.trashed);
  const shifts = toolbox.modules.shifts ? Object.values(data.shifts).filter((s) => !s.trashed) : [];
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [duty, setDuty] = useState<string | null>(null);
  const [shift, setShift] = useState<string | null>(null);
  const [count, setCount] = useState<number | string>(1);
  const [weekdays, setWeekdays] = useState<string[]>(['0', '1', '2', '3', '4', '5', '6']);
  const ready = Boolean(range[0] && range[1] && (duty || shift) && weekdays.length);

  const filling = useMutation({
    ...refusalAsWarning,
    mutationFn: ({ from, until }: { from: string; until: string }) =>
      bulkCalls.fill({ location, from, until, duty, shift, count: Number(count) || 1, weekdays: weekdays.map(Number) }),
    onSuccess: (answer) => {
      notify('success', t('roster.fill.done', { count: answer.created.length }));
      setOpened(false);
      return queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
    },
  });
  const fill = () => {
    const [from, until] = range;
    if (from && until) filling.mutate({ from, until });
  };

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon={<IconRowInsertBottom size={16} aria-hidden />}
        label={t('roster.fill.button')}
        onClick={() => setOpened(true)}
        data-testid="fill-open"
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('roster.fill.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="fill-dialog">
          <Text size="sm">{t('roster.fill.intro')}</Text>
          <DatePickerInput
            id={picker.id}
            type="range"
            label={t('roster.fill.range')}
            value={range}
            onChange={setRange}
            minDate={today}
            locale={locale}
            firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            ariaLabels={calendarAriaLabels(t)}
            popoverProps={{ id: picker.popoverId, classNames: { dropdown: 'roster-release' } }}
            getDayProps={(d) => ({ 'data-date': d })}
            valueFormat="DD.MM.YYYY"
            data-testid="fill-range"
          />
          <Group grow gap="sm">
            <Select
              label={t('roster.fill.duty')}
              data={duties.map((d) => ({ value: d.id, label: `${d.identifier} · ${d.name}` }))}
              value={duty}
              onChange={setDuty}
              clearable
            />
            {shifts.length > 0 && (
              <Select
                label={t('roster.fill.shift')}
                data={shifts.map((s) => ({ value: s.id, label: `${s.identifier} · ${s.times.from}–${s.times.until}` }))}
                value={shift}
                onChange={setShift}
                clearable
              />
            )}
          </Group>
          <NumberInput label={t('roster.fill.count')} value={count} onChange={setCount} min={1} max={20} w={160} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="fill-weekdays">
              {t('roster.fill.weekdays')}
            </Text>
            <Chip.Group multiple value={weekdays} onChange={setWeekdays}>
              <Group gap={4} role="group" aria-labelledby="fill-weekdays">
                {WEEKDAY_DATES.map((d, i) => (
                  <Chip key={d} value={String(i)} size="xs">
                    {formatWeekday(d, locale)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={fill} disabled={!ready} loading={filling.isPending} data-testid="fill-confirm">
              {t('roster.fill.action')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
