import { DOSSIER_KINDS, DOSSIER_TEXT_MAX_LENGTH, type DossierEntry, DossierEntryInput } from '@app/contracts';
import { Select, SimpleGrid, Switch, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { DateField } from '../../ui/DateField';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { dossierCalls, dossierKeys } from './api';

type Values = DossierEntryInput;

/** Writes a new entry or changes one: kind, date, text, and whether the member reads it. */
export function DossierEntryDialog({
  membershipId,
  entry,
  today,
  onClose,
}: {
  membershipId: string;
  entry: DossierEntry | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: DossierEntryInput,
    initialValues: {
      kind: entry?.kind ?? 'talk',
      date: entry?.date ?? today,
      text: entry?.text ?? '',
      shared: entry?.shared ?? false,
    } as Values,
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      entry ? dossierCalls.update(entry.id, body(v)) : dossierCalls.add(membershipId, body(v)),
    meta: { form: fieldErrors },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dossierKeys.of(membershipId) });
      notify('success', t('dossier.saved'));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t(entry ? 'dossier.edit' : 'dossier.add')}
      onClose={onClose}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      saving={save.isPending}
      testId="dossier-dialog"
      saveTestId="dossier-save"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('dossier.kindLabel')}
          allowDeselect={false}
          data={DOSSIER_KINDS.map((k) => ({ value: k, label: t(`dossier.kind.${k}`) }))}
          data-testid="dossier-kind"
          {...form.getInputProps('kind')}
        />
        <DateField
          label={t('dossier.date')}
          required
          clearable={false}
          data-testid="dossier-date"
          {...form.getInputProps('date')}
          value={form.values.date}
          onChange={(v) => form.setFieldValue('date', v ?? '')}
        />
      </SimpleGrid>
      <Textarea
        label={t('dossier.text')}
        required
        autosize
        minRows={4}
        maxRows={14}
        maxLength={DOSSIER_TEXT_MAX_LENGTH}
        data-testid="dossier-text"
        {...form.getInputProps('text')}
      />
      <Switch
        label={t('dossier.shared')}
        description={t('dossier.sharedHint')}
        data-testid="dossier-shared"
        {...form.getInputProps('shared', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
