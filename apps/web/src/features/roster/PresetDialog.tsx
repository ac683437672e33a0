import { PRESET_MAX_WEEKS } from '@app/contracts';
import { Alert, Button, Divider, Group, Modal, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconTemplate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { usePickerIds } from '../../ui/usePickerIds';
import { presetCalls, presetQuery, rosterKeys } from './api';
import { useRosterView } from './context';
import { longDayLabel } from './format';
import { refusalAsWarning } from './refusals';

/**
 * The preset (docs/product/roster.md): up to four weeks of the roster kept as a template. The planner saves the weeks
 * shown (from the first one) as the preset, and applies it to a range of days; the API refuses released and past days.
 */
export function PresetDialog({ start, compact }: { start: string; compact: boolean }) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const queryClient = useQueryClient();
  const { location, locale, today, weekStartsOn } = useRosterView();
  const [opened, setOpened] = useState(false);
  const [weeks, setWeeks] = useState('1');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [withUsers, setWithUsers] = useState(true);
  const preset = useQuery({ ...presetQuery(location), enabled: opened });

  const change = useMutation({
    ...refusalAsWarning,
    mutationFn: (action: () => Promise<string>) => action(),
    onSuccess: (done) => {
      notify('success', done);
      return queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
  const busy = change.isPending;
  const run = (action: () => Promise<string>) => change.mutate(action);

  const save = () =>
    run(async () => {
      const answer = await presetCalls.save(location, start, Number(weeks));
      return t('roster.preset.saved', { weeks: answer.weeks, items: answer.items });
    });
  const apply = () => {
    const [from, until] = range;
    if (!from || !until) return;
    run(async () => {
      const answer = await presetCalls.apply(location, from, until, withUsers);
      setRange([null, null]);
      return t('roster.preset.applied', { created: answer.created, unassigned: answer.unassigned });
    });
  };

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon={<IconTemplate size={16} aria-hidden />}
        label={t('roster.preset.button')}
        onClick={() => setOpened(true)}
        data-testid="preset-open"
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('roster.preset.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="preset-dialog">
          <Text size="sm" data-testid="preset-current">
            {preset.data && preset.data.weeks > 0
              ? t('roster.preset.current', { weeks: preset.data.weeks, items: preset.data.items.length })
              : t('roster.preset.none')}
          </Text>
          <Divider label={t('roster.preset.saveTitle')} labelPosition="left" />
          <Text size="sm">{t('roster.preset.saveText', { date: longDayLabel(start, locale) })}</Text>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <SegmentedControl
              aria-label={t('roster.preset.weeks')}
              value={weeks}
              onChange={setWeeks}
              data={Array.from({ length: PRESET_MAX_WEEKS }, (_, i) => ({
                value: String(i + 1),
                label: t('roster.preset.weekCount', { count: i + 1 }),
              }))}
            />
            <Button onClick={save} loading={busy} data-testid="preset-save">
              {t('roster.preset.save')}
            </Button>
          </Group>
          <Divider label={t('roster.preset.applyTitle')} labelPosition="left" />
          <DatePickerInput
            id={picker.id}
            type="range"
            label={t('roster.preset.range')}
            value={range}
            onChange={setRange}
            minDate={today}
            locale={locale}
            firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            ariaLabels={calendarAriaLabels(t)}
            popoverProps={{ id: picker.popoverId, classNames: { dropdown: 'roster-release' } }}
            valueFormat="DD.MM.YYYY"
            clearable
            data-testid="preset-range"
          />
          <Switch
            label={t('roster.preset.withUsers')}
            checked={withUsers}
            onChange={(e) => setWithUsers(e.currentTarget.checked)}
          />
          <Alert color="blue" variant="light" p="xs">
            <Text size="xs" c="dark.7">
              {t('roster.preset.applyHint')}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button
              onClick={apply}
              disabled={!range[0] || !range[1] || !preset.data?.weeks}
              loading={busy}
              data-testid="preset-apply"
            >
              {t('roster.preset.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
