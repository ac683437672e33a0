import { STAFFING_OVER_WEIGHT, STAFFING_UNDER_WEIGHT, type StaffingNeed, StaffingNeedsInput } from '@app/contracts';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { dutiesQuery, shiftsQuery } from '../../catalog/api';
import { staffingCalls, staffingKeys, staffingQuery } from './staffingApi';

/** A line as the form holds it: `key` only tells the lines apart on screen (the request leaves it out). */
type Line = Required<StaffingNeed> & { key: string };
interface Values {
  needs: Line[];
}

let lastKey = 0;
const withKey = (n: Required<StaffingNeed>): Line => ({ ...n, key: `line-${++lastKey}` });

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * A planning's staffing needs (docs/product/autoroster.md): per weekday, shift and duty how many people, what a
 * place left open and one person too many cost. Auto-roster staffs from them; "from the preset" fills them from the
 * planning's preset for the planner to review before saving.
 */
export function StaffingNeedsEditor({ location }: { location: string }) {
  const { t } = useTranslation();
  const stored = useQuery(staffingQuery(location));
  return (
    <Fieldset legend={t('settings.staffing.title')} data-testid="staffing-needs">
      {stored.data ? (
        <NeedsForm key={stored.dataUpdatedAt} location={location} initial={stored.data} />
      ) : (
        <Skeleton h={60} />
      )}
    </Fieldset>
  );
}

/** The lines as a form on the contract's schema; a new copy starts whenever the stored needs change. */
function NeedsForm({ location, initial }: { location: string; initial: Required<StaffingNeed>[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shifts = useQuery(shiftsQuery);
  const duties = useQuery(dutiesQuery);
  const { form, fieldErrors } = useSchemaForm<Values, StaffingNeedsInput>({
    schema: StaffingNeedsInput,
    initialValues: { needs: initial.map(withKey) },
    toBody: (v) => ({ needs: v.needs.map(({ key: _key, ...n }) => n) }),
  });

  const saving = useMutation({
    mutationFn: (v: Values) => staffingCalls.save(location, { needs: v.needs.map(({ key: _key, ...n }) => n) }),
    meta: { form: fieldErrors },
    onSuccess: (answer) => {
      queryClient.setQueryData(staffingKeys.of(location), answer.needs);
      notify('success', t('settings.staffing.saved'));
    },
  });
  const preset = useMutation({
    mutationFn: () => staffingCalls.fromPreset(location),
    onSuccess: (needs) => {
      if (needs.length === 0) notify('info', t('settings.staffing.presetEmpty'));
      else form.setFieldValue('needs', needs.map(withKey));
    },
  });

  const shiftOptions = (shifts.data ?? [])
    .filter((s) => !s.trashed)
    .map((s) => ({ value: s.id, label: `${s.identifier} · ${s.name}` }));
  const dutyOptions = (duties.data ?? []).filter((d) => !d.trashed).map((d) => ({ value: d.id, label: d.name }));
  const add = () =>
    form.insertListItem(
      'needs',
      withKey({
        weekday: 0,
        shiftId: shiftOptions[0]?.value ?? '',
        dutyId: null,
        count: 1,
        underWeight: STAFFING_UNDER_WEIGHT,
        overWeight: STAFFING_OVER_WEIGHT,
      }),
    );

  return (
    <form onSubmit={form.onSubmit((v) => saving.mutate(v))} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('settings.staffing.intro')}
        </Text>
        {form.values.needs.length === 0 ? (
          <Text size="sm">{t('settings.staffing.empty')}</Text>
        ) : (
          form.values.needs.map((line, i) => (
            <Group key={line.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="staffing-line">
              <SimpleGrid cols={{ base: 2, sm: 6 }} spacing="xs" style={{ flex: 1 }}>
                <Select
                  label={t('settings.staffing.weekday')}
                  allowDeselect={false}
                  data={WEEKDAYS.map((d) => ({ value: String(d), label: t(`team.weekday.${d}`) }))}
                  {...form.getInputProps(`needs.${i}.weekday`)}
                  value={String(form.values.needs[i].weekday)}
                  onChange={(v) => form.setFieldValue(`needs.${i}.weekday`, Number(v ?? 0))}
                />
                <Select
                  label={t('settings.staffing.shift')}
                  allowDeselect={false}
                  data={shiftOptions}
                  data-testid="staffing-shift"
                  {...form.getInputProps(`needs.${i}.shiftId`)}
                />
                <Select
                  label={t('settings.staffing.duty')}
                  placeholder={t('settings.staffing.anyDuty')}
                  clearable
                  data={dutyOptions}
                  {...form.getInputProps(`needs.${i}.dutyId`)}
                />
                <NumberInput
                  label={t('settings.staffing.count')}
                  min={0}
                  max={50}
                  allowDecimal={false}
                  data-testid="staffing-count"
                  {...form.getInputProps(`needs.${i}.count`)}
                />
                <NumberInput
                  label={t('settings.staffing.underWeight')}
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  {...form.getInputProps(`needs.${i}.underWeight`)}
                />
                <NumberInput
                  label={t('settings.staffing.overWeight')}
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  {...form.getInputProps(`needs.${i}.overWeight`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('settings.staffing.remove')}
                onClick={() => form.removeListItem('needs', i)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))
        )}
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={add}
              disabled={shiftOptions.length === 0}
              data-testid="staffing-add"
            >
              {t('settings.staffing.add')}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTemplate size={14} aria-hidden />}
              onClick={() => preset.mutate()}
              loading={preset.isPending}
              data-testid="staffing-preset"
            >
              {t('settings.staffing.fromPreset')}
            </Button>
          </Group>
          <Button
            type="submit"
            size="xs"
            loading={saving.isPending}
            disabled={!form.isDirty()}
            data-testid="staffing-save"
          >
            {t('settings.staffing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
