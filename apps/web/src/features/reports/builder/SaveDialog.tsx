import { Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../app/apiErrors';
import type { ReportBuilderState } from './useReportBuilder';

/** Names and labels the report being saved; the server's field errors show on the fields. */
export function SaveDialog({ b, prefix }: { b: ReportBuilderState; prefix: string }) {
  const { t } = useTranslation();
  const { saving, setSaving, save, saveErrors } = b;
  return (
    <Modal
      opened={saving !== null}
      onClose={() => setSaving(null)}
      title={saving?.asNew ? t(`${prefix}.saved.save`) : t('reports.saved.update')}
    >
      {saving && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(saving);
          }}
        >
          <Stack>
            <TextInput
              label={t('reports.saved.name')}
              value={saving.name}
              onChange={(e) => setSaving({ ...saving, name: e.currentTarget.value })}
              error={saveErrors?.name ? fieldMessage(saveErrors.name) : undefined}
              required
              data-autofocus
            />
            <TagsInput
              label={t('reports.saved.labels')}
              description={t('reports.saved.labelsHint')}
              value={saving.labels}
              onChange={(labels) => setSaving({ ...saving, labels })}
              maxTags={10}
              error={saveErrors?.labels ? fieldMessage(saveErrors.labels) : undefined}
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
