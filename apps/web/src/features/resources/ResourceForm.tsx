import { RESOURCE_KINDS, type Resource, ResourceCreate } from '@app/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../settings/SettingsForm';
import { afterResourcesChange, createResource, updateResource } from './api';

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** A resource as the form edits it (text fields hold '' for nothing, capacity '' for none). */
const valuesOf = (r: Resource | null) => ({
  name: r?.name ?? '',
  kind: r?.kind ?? 'vehicle',
  type: r?.type ?? '',
  capacity: (r?.capacity ?? '') as number | string,
  identifier: r?.identifier ?? '',
  notes: r?.notes ?? '',
});
type Values = ReturnType<typeof valuesOf>;

/**
 * A vehicle's or a piece of equipment's details (docs/product/resources.md): name, kind, type, capacity, plate or
 * serial number, notes. New in the dialog of the resources page, edited on the resource's page.
 */
export function ResourceForm({
  resource,
  onSaved,
  extra,
}: {
  resource: Resource | null;
  onSaved: (saved: Resource) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SettingsForm<Values, ResourceCreate, Resource>
      bare
      alwaysSavable={!resource}
      extra={extra}
      schema={ResourceCreate}
      initial={valuesOf(resource)}
      toValue={(v) =>
        ({
          name: v.name,
          kind: v.kind,
          type: orNull(v.type),
          capacity: v.capacity === '' ? null : Number(v.capacity),
          identifier: orNull(v.identifier),
          notes: orNull(v.notes),
        }) as ResourceCreate
      }
      save={(body) => (resource ? updateResource(resource.id, body) : createResource(body))}
      fromSaved={valuesOf}
      onSaved={(saved) => {
        afterResourcesChange();
        onSaved(saved);
      }}
      testId="resource-form"
    >
      {(form) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('resources.name')}
              required
              data-testid="resource-name"
              {...form.getInputProps('name')}
            />
            <Select
              label={t('resources.kind')}
              data={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resources.kinds.${k}`) }))}
              allowDeselect={false}
              data-testid="resource-kind"
              {...form.getInputProps('kind')}
            />
            <TextInput
              label={t('resources.type')}
              description={t('resources.typeHint')}
              data-testid="resource-type"
              {...form.getInputProps('type')}
            />
            <NumberInput
              label={t('resources.capacity')}
              description={t('resources.capacityHint')}
              min={1}
              max={1000}
              allowDecimal={false}
              data-testid="resource-capacity"
              {...form.getInputProps('capacity')}
            />
            <TextInput
              label={t('resources.identifier')}
              description={t('resources.identifierHint')}
              {...form.getInputProps('identifier')}
            />
          </SimpleGrid>
          <Textarea label={t('resources.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        </Stack>
      )}
    </SettingsForm>
  );
}
