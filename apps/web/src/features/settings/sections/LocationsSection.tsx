import { LOCATION_STATUSES, Location, LocationCreate } from '@app/contracts';
import { formatMoney, guards } from '@app/domain';
import { Badge, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api';
import { useAccess } from '../../../app/session';
import { useLang } from '../../../app/useLang';
import { confirmAsync } from '../../../ui/confirm';
import { MoneyInput } from '../../../ui/MoneyInput';
import { centsToText, textToCents } from '../../../ui/money';
import { usePickerIds } from '../../../ui/usePickerIds';
import { locationsQuery } from '../../catalog/api';
import { clientsQuery } from '../../clients/api';
import { afterSettingsChange, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';
import { StaffingNeedsEditor } from './StaffingNeedsEditor';

/** A coordinate field's value as degrees, or null when empty. */
const degrees = (value: number | string): number | null =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : Number(value);

const locations = resource<LocationCreate, typeof Location>('/api/locations', Location);
const orNull = (v: string) => (v.trim() === '' ? null : v);
const STATUS_COLOR: Record<string, string> = { active: 'teal', inactive: 'gray', archived: 'gray', finished: 'blue' };

function LocationEditor({ row, done, deleteButton }: EditorProps<Location>) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const pickerUntil = usePickerIds();
  const lang = useLang();
  // The planning's client (docs/product/clients.md): offered to those who keep clients, with the module on.
  const clientsOn = guards.clients(useAccess());
  const clientList = useQuery({ ...clientsQuery('', false), enabled: clientsOn });
  const clientOptions = (clientList.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (row?.clientId && !clientOptions.some((o) => o.value === row.clientId)) {
    // An archived client stays chosen until another is.
    clientOptions.push({ value: row.clientId, label: t('settings.locations.archivedClient') });
  }

  /** Changing a planning's dates deletes its items outside them: asked first (ERR_DATES), then sent again. */
  const save = async (value: LocationCreate) => {
    if (!row) return locations.create(value);
    try {
      return await locations.update(row.id, value);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'ERR_DATES') throw error;
      const count = Number(error.body?.data?.count ?? 0);
      const ok = await confirmAsync({
        title: t('settings.locations.datesTitle'),
        message: t('settings.locations.datesText', { count }),
        confirm: t('settings.locations.datesConfirm'),
        danger: true,
      });
      return ok ? locations.update(row.id, value, '?confirmed=true') : undefined;
    }
  };

  return (
    <Stack gap="lg">
      <SettingsForm
        bare
        alwaysSavable={!row}
        extra={deleteButton}
        schema={LocationCreate}
        initial={{
          name: row?.name ?? '',
          address: row?.address ?? '',
          zip: row?.zip ?? '',
          city: row?.city ?? '',
          type: row?.type ?? 'ongoing',
          startDate: row?.startDate ?? null,
          endDate: row?.endDate ?? null,
          status: row?.status ?? 'active',
          budget: centsToText(row?.budgetCents, lang),
          projectCode: row?.projectCode ?? '',
          clientId: row?.clientId ?? (null as string | null),
          latitude: (row?.latitude ?? '') as number | string,
          longitude: (row?.longitude ?? '') as number | string,
        }}
        toValue={({ budget, ...f }) =>
          ({
            ...f,
            address: orNull(f.address),
            zip: orNull(f.zip),
            city: orNull(f.city),
            projectCode: orNull(f.projectCode),
            budgetCents: textToCents(budget),
            latitude: degrees(f.latitude),
            longitude: degrees(f.longitude),
            // Without the picker the client is left as it is.
            clientId: clientsOn ? f.clientId : undefined,
          }) as LocationCreate
        }
        save={save}
        onSaved={() => {
          afterSettingsChange();
          done();
        }}
        testId="location-form"
      >
        {(form) => (
          <Stack gap="md">
            <TextInput
              label={t('settings.locations.name')}
              required
              data-testid="location-name"
              {...form.getInputProps('name')}
            />
            <TextInput label={t('settings.locations.address')} {...form.getInputProps('address')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label={t('settings.locations.zip')} {...form.getInputProps('zip')} />
              <TextInput label={t('settings.locations.city')} {...form.getInputProps('city')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput
                label={t('settings.locations.latitude')}
                description={t('settings.locations.coordinatesHint')}
                min={-90}
                max={90}
                decimalScale={5}
                data-testid="location-latitude"
                {...form.getInputProps('latitude')}
              />
              <NumberInput
                label={t('settings.locations.longitude')}
                min={-180}
                max={180}
                decimalScale={5}
                data-testid="location-longitude"
                {...form.getInputProps('longitude')}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="location-type-label">
                {t('settings.locations.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="location-type-label"
                data={[
                  { value: 'ongoing', label: t('settings.locations.types.ongoing') },
                  { value: 'temporary', label: t('settings.locations.types.temporary') },
                ]}
                {...form.getInputProps('type')}
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateInput
                id={picker.id}
                popoverProps={{ id: picker.popoverId }}
                label={t('settings.locations.startDate')}
                required={form.values.type === 'temporary'}
                clearable
                valueFormat="L"
                data-testid="location-start"
                {...form.getInputProps('startDate')}
              />
              <DateInput
                id={pickerUntil.id}
                popoverProps={{ id: pickerUntil.popoverId }}
                label={t('settings.locations.endDate')}
                required={form.values.type === 'temporary'}
                clearable
                valueFormat="L"
                data-testid="location-end"
                {...form.getInputProps('endDate')}
              />
            </SimpleGrid>
            {clientsOn && (
              <Select
                label={t('settings.locations.client')}
                description={t('settings.locations.clientHint')}
                placeholder={t('settings.locations.noClient')}
                data={clientOptions}
                clearable
                searchable
                nothingFoundMessage={t('settings.locations.noClients')}
                data-testid="location-client"
                {...form.getInputProps('clientId')}
              />
            )}
            <Select
              label={t('settings.locations.status')}
              data={LOCATION_STATUSES.map((s) => ({ value: s, label: t(`settings.locations.statuses.${s}`) }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <MoneyInput
                label={t('settings.locations.budget')}
                {...form.getInputProps('budget')}
                error={form.errors.budgetCents ?? form.errors.budget}
              />
              <TextInput label={t('settings.locations.projectCode')} {...form.getInputProps('projectCode')} />
            </SimpleGrid>
          </Stack>
        )}
      </SettingsForm>
      {row && <StaffingNeedsEditor location={row.id} />}
    </Stack>
  );
}

/** The plannings (locations): address, ongoing or temporary with dates, status, budget. */
export default function LocationsSection() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <EntityList<Location>
      testId="locations"
      query={locationsQuery}
      nameOf={(l) => l.name}
      searchText={(l) => `${l.name} ${l.city ?? ''} ${l.address ?? ''}`}
      newLabel={t('settings.locations.new')}
      emptyText={t('settings.locations.empty')}
      remove={(l) => locations.remove(l.id)}
      dimmed={(l) => l.status === 'archived' || l.status === 'finished'}
      Editor={LocationEditor}
      columns={[
        {
          key: 'name',
          label: t('settings.locations.name'),
          render: (l) => (
            <Text size="sm" fw={500}>
              {l.name}
            </Text>
          ),
        },
        {
          key: 'address',
          label: t('settings.locations.address'),
          wide: true,
          render: (l) => [l.address, [l.zip, l.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '—',
        },
        {
          key: 'type',
          label: t('settings.locations.type'),
          wide: true,
          render: (l) =>
            l.type === 'temporary'
              ? `${t('settings.locations.types.temporary')} ${l.startDate ?? ''}–${l.endDate ?? ''}`
              : t('settings.locations.types.ongoing'),
        },
        {
          key: 'budget',
          label: t('settings.locations.budget'),
          wide: true,
          render: (l) => (l.budgetCents != null ? `${formatMoney(l.budgetCents, lang)} €` : '—'),
        },
        {
          key: 'status',
          label: t('settings.locations.status'),
          render: (l) => (
            <Badge variant="dot" color={STATUS_COLOR[l.status]}>
              {t(`settings.locations.statuses.${l.status}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
