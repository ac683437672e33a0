import { CostCentre, CostCentreCreate } from '@app/contracts';
import { Badge, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { costCentresQuery } from '../../catalog/api';
import { afterSettingsChange, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const costCentres = resource<CostCentreCreate, typeof CostCentre>('/api/cost-centres', CostCentre);
const orNull = (v: string) => (v.trim() === '' ? null : v);

function CostCentreEditor({ row, done, deleteButton }: EditorProps<CostCentre>) {
  const { t } = useTranslation();
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={CostCentreCreate}
      initial={{ code: row?.code ?? '', name: row?.name ?? '', isDefault: row?.isDefault ?? false }}
      toValue={(f) => ({ ...f, code: orNull(f.code) })}
      save={(v) => (row ? costCentres.update(row.id, v) : costCentres.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="cost-form"
    >
      {(form) => (
        <Stack gap="md">
          <TextInput label={t('settings.costs.code')} {...form.getInputProps('code')} />
          <TextInput
            label={t('settings.costs.name')}
            required
            data-testid="cost-name"
            {...form.getInputProps('name')}
          />
          <Switch
            label={t('settings.costs.default')}
            description={t(row?.isDefault ? 'settings.costs.isDefaultHint' : 'settings.costs.defaultHint')}
            disabled={row?.isDefault}
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Cost centres, with the default one every hour falls back to (it cannot be deleted). */
export default function CostCentresSection() {
  const { t } = useTranslation();
  return (
    <EntityList<CostCentre>
      testId="costs"
      query={costCentresQuery}
      nameOf={(c) => c.name}
      searchText={(c) => `${c.code ?? ''} ${c.name}`}
      newLabel={t('settings.costs.new')}
      emptyText={t('settings.costs.empty')}
      remove={(c) => costCentres.remove(c.id)}
      Editor={CostCentreEditor}
      columns={[
        { key: 'code', label: t('settings.costs.code'), render: (c) => c.code ?? '—' },
        {
          key: 'name',
          label: t('settings.costs.name'),
          render: (c) => (
            <Group gap={6} wrap="wrap">
              <Text size="sm">{c.name}</Text>
              {c.isDefault && (
                <Badge size="xs" variant="light">
                  {t('settings.costs.defaultBadge')}
                </Badge>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
