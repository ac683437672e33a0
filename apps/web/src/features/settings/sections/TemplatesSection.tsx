import { CONTRACT_TEMPLATE_MAX_BYTES, ContractTemplate, ContractTemplateUpdate } from '@app/contracts';
import { Anchor, Badge, FileInput, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypeDoc } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLang } from '../../../app/useLang';
import { afterSettingsChange, resource, templatesListQuery, uploadTemplate } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const templates = resource<ContractTemplateUpdate, typeof ContractTemplate>(
  '/api/contract-templates',
  ContractTemplate,
);

/** A new template: a name and a Word file (doc or docx, at most 4 MB; the server checks the content). */
const NewTemplate = ContractTemplateUpdate.extend({
  file: z
    .instanceof(File, { message: 'validation.required' })
    .refine((f) => /\.docx?$/i.test(f.name), 'settings.errors.templateType')
    .refine((f) => f.size <= CONTRACT_TEMPLATE_MAX_BYTES, 'settings.errors.fileTooLarge'),
});

const sizeText = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: bytes < 1024 * 1024 ? 'kilobyte' : 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes < 1024 * 1024 ? bytes / 1024 : bytes / (1024 * 1024));

function TemplateEditor({ row, done, deleteButton }: EditorProps<ContractTemplate>) {
  const { t } = useTranslation();
  const onSaved = () => {
    afterSettingsChange();
    done();
  };
  if (row)
    return (
      <SettingsForm
        bare
        extra={deleteButton}
        schema={ContractTemplateUpdate}
        initial={{ name: row.name }}
        save={(v) => templates.update(row.id, v)}
        onSaved={onSaved}
        testId="template-form"
      >
        {(form) => (
          <Stack gap="md">
            <TextInput label={t('settings.templates.name')} required {...form.getInputProps('name')} />
            <Anchor href={`/api/contract-templates/${row.id}/file`} download={row.fileName} size="sm">
              {t('settings.templates.download', { file: row.fileName })}
            </Anchor>
          </Stack>
        )}
      </SettingsForm>
    );
  return (
    <SettingsForm
      bare
      alwaysSavable
      schema={NewTemplate}
      initial={{ name: '', file: null as File | null }}
      save={(v) => uploadTemplate(v.name, v.file)}
      onSaved={onSaved}
      testId="template-form"
    >
      {(form) => (
        <Stack gap="md">
          <TextInput
            label={t('settings.templates.name')}
            required
            data-testid="template-name"
            {...form.getInputProps('name')}
          />
          <FileInput
            label={t('settings.templates.file')}
            description={t('settings.templates.fileHint')}
            accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            required
            clearable
            data-testid="template-file"
            {...form.getInputProps('file')}
          />
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Contract templates: the Word files members' contracts are written from. */
export default function TemplatesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <EntityList<ContractTemplate>
      testId="templates"
      query={templatesListQuery}
      nameOf={(r) => r.name}
      searchText={(r) => `${r.name} ${r.fileName}`}
      newLabel={t('settings.templates.new')}
      emptyText={t('settings.templates.empty')}
      remove={(r) => templates.remove(r.id)}
      inUseHint={t('avatars.templateInUseHint')}
      Editor={TemplateEditor}
      columns={[
        {
          key: 'name',
          label: t('settings.templates.name'),
          render: (r) => (
            <Text size="sm" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <IconFileTypeDoc size={16} aria-hidden />
              {r.name}
            </Text>
          ),
        },
        { key: 'file', label: t('settings.templates.file'), wide: true, render: (r) => r.fileName },
        {
          key: 'format',
          label: t('settings.templates.format'),
          render: (r) => (
            <Badge variant="light" tt="none">
              {r.format} · {sizeText(r.size, lang)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
