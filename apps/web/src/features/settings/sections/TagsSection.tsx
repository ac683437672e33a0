import { Tag, TagInput } from '@app/contracts';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tagsQuery } from '../../catalog/api';
import { afterSettingsChange, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const tags = resource<TagInput, typeof Tag>('/api/tags', Tag);

function TagEditor({ row, done, deleteButton }: EditorProps<Tag>) {
  const { t } = useTranslation();
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={TagInput}
      initial={{ name: row?.name ?? '' }}
      save={(v) => (row ? tags.update(row.id, v) : tags.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="tag-form"
    >
      {(form) => (
        <Stack>
          <TextInput label={t('settings.tags.name')} required data-testid="tag-name" {...form.getInputProps('name')} />
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Tags: qualifications and traits (first aid, barista) that filter who may be planned. */
export default function TagsSection() {
  const { t } = useTranslation();
  return (
    <EntityList<Tag>
      testId="tags"
      query={tagsQuery}
      nameOf={(tag) => tag.name}
      searchText={(tag) => tag.name}
      newLabel={t('settings.tags.new')}
      emptyText={t('settings.tags.empty')}
      remove={(tag) => tags.remove(tag.id)}
      Editor={TagEditor}
      columns={[{ key: 'name', label: t('settings.tags.name'), render: (tag) => tag.name }]}
    />
  );
}
