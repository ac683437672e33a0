import type { AvailabilityDefaultType } from '@app/contracts';
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

/**
 * The type, times and note for the selected days: one set of constraints for all of them (spec 000 section 5);
 * times only when available or limited.
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
  const form = useForm<EntryValues>({
    initialValues: initial,
    validate: {
      start: (v, all) => (all.type === 'limited' && !v ? t('availability.timesRequired') : null),
      end: (v, all) =>
        all.type === 'limited' && !v
          ? t('availability.timesRequired')
          : (all.start && !v) || (!all.start && v)
            ? t('availability.timesBoth')
            : v && v === all.start
              ? t('availability.timesEqual')
              : null,
    },
  });
  const timed = form.values.type === 'available' || form.values.type === 'limited';
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
            if (type !== 'available' && type !== 'limited') form.setValues({ start: '', end: '' });
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
