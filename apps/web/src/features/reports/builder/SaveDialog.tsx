import { REPORT_LABELS_MAX } from '@app/contracts';
import { Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportBuilderState } from './useReportBuilder';

/** Names and labels the report being saved; the server's field errors show on the fields. */
export function SaveDialog({ b, prefix }: { b: ReportBuilderState; prefix: string }) {
  const { t } = useTranslation();
  const { saving, setSaving, save, saveForm } = b;
  return (
    <Modal
      opened={saving !== null}
      onClose={() => setSaving(null)}
      title={saving?.asNew ? t(`${prefix}.saved.save`) : t('reports.saved.update')}
    >
      {saving && (
        <form noValidate onSubmit={saveForm.form.onSubmit((values) => save.mutate({ ...saving, ...values }))}>
          <Stack>
            <TextInput
              label={t('reports.saved.name')}
              {...saveForm.form.getInputProps('name')}
              required
              data-autofocus
            />
            <TagsInput
              label={t('reports.saved.labels')}
              description={t('reports.saved.labelsHint')}
              maxTags={REPORT_LABELS_MAX}
              {...saveForm.form.getInputProps('labels')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaving(null)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('reports.saved.store')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
