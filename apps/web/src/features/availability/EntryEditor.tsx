import type { AvailabilityDefaultType } from '@app/contracts';
import { availabilityProblems, availabilityTimes, parseHHmm } from '@app/domain';
import { Button, Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CHOOSABLE, TYPE_COLORS } from './model';
import './availability.css';

export interface EntryValues {
  type: AvailabilityDefaultType;
  start: string;
  end: string;
  note: string;
}

/** A typed time as the rules read it: empty is none, anything that is not a time is no minute of the day. */
const minutesOf = (value: string) => (value ? (parseHHmm(value) ?? -1) : null);

/**
 * The entry's problems per field, worded: the rules of `availabilityProblems`, the same the server answers with, so
 * the form refuses what the server would.
 */
export function entryErrors(values: Pick<EntryValues, 'type' | 'start' | 'end'>, t: (key: string) => string) {
  const problems = availabilityProblems({
    type: values.type,
    startMinutes: minutesOf(values.start),
    endMinutes: minutesOf(values.end),
  });
  const first = (field: 'start' | 'end') => {
    const problem = problems[field]?.[0];
    return problem ? t(`availability.${problem}`) : null;
  };
  return { start: first('start'), end: first('end') };
}

/**
 * The type, times and note for the selected days: one set of constraints for all of them
 * (docs/product/availability.md); times where the type takes them (`availabilityTimes`).
 */
export function EntryEditor({
  initial,
  count,
  saving,
  removing,
  onSave,
  onRemove,
  onCancel,
}: {
  initial: EntryValues;
  count: number;
  saving: boolean;
  removing: boolean;
  onSave: (values: EntryValues, form: { setFieldError: (path: string, error: string) => void }) => void;
  onRemove?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  // Not useSchemaForm: an entry's problems are the domain's availabilityProblems, worded per problem (docs/product/availability.md).
  const form = useForm<EntryValues>({
    initialValues: initial,
    validate: (values) => entryErrors(values, t),
  });
  const timed = availabilityTimes(form.values.type) !== 'none';
  return (
    <form
      onSubmit={form.onSubmit((values) => onSave(values, form))}
      data-testid="availability-editor"
      aria-label={t('availabilityPage.editorLabel', { count })}
    >
      <Stack gap="sm">
        <Text fw={600} data-testid="availability-selected-count">
          {t('availabilityPage.selected', { count })}
        </Text>
        <Chip.Group
          value={form.values.type}
          onChange={(v) => {
            const type = v as AvailabilityDefaultType;
            form.setFieldValue('type', type);
            if (availabilityTimes(type) === 'none') form.setValues({ start: '', end: '' });
          }}
        >
          <Group gap="xs" className="availability-chips" role="radiogroup" aria-label={t('availabilityPage.type')}>
            {CHOOSABLE.map((type) => (
              <Chip
                key={type}
                value={type}
                variant="light"
                color={TYPE_COLORS[type]}
                data-testid={`availability-type-${type}`}
              >
                {t(`roster.availability.${type}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {timed && (
          <Group grow gap="sm" align="flex-start">
            <TimeInput
              label={t('availabilityPage.from')}
              {...form.getInputProps('start')}
              data-testid="availability-start"
            />
            <TimeInput
              label={t('availabilityPage.until')}
              {...form.getInputProps('end')}
              data-testid="availability-end"
            />
          </Group>
        )}
        {timed && (
          <Text size="xs" c="dimmed">
            {form.values.type === 'limited' ? t('availabilityPage.limitedHint') : t('availabilityPage.availableHint')}
          </Text>
        )}
        <Textarea
          label={t('availabilityPage.note')}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          {...form.getInputProps('note')}
          data-testid="availability-note"
        />
        <Group gap="sm" justify="flex-end" wrap="wrap">
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          {onRemove && (
            <Button variant="light" color="red" onClick={onRemove} loading={removing} data-testid="availability-remove">
              {t('availabilityPage.remove')}
            </Button>
          )}
          <Button type="submit" loading={saving} data-testid="availability-save">
            {t('availabilityPage.save', { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
