import { COUNTRIES, GeneralSettings, LOCALES, TWO_FACTOR_ROLES } from '@app/contracts';
import { Checkbox, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { afterSettingsChange, generalQuery, saveGeneral } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

/** Every IANA zone the browser knows (the server checks the same names). */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/Berlin', 'Europe/Amsterdam', 'Europe/Warsaw', 'UTC'];
}

/** Company name, country, time zone, week start, language, and the roles that must use two-factor sign-in. */
export default function GeneralSection() {
  const { t } = useTranslation();
  const query = useQuery(generalQuery);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  if (!query.data) return <SectionSkeleton rows={5} />;
  return (
    <SettingsForm
      schema={GeneralSettings}
      initial={query.data}
      save={saveGeneral}
      fromSaved={(saved) => saved}
      onSaved={afterSettingsChange}
      testId="settings-general"
    >
      {(form) => (
        <Stack gap="md">
          <TextInput
            label={t('settings.general.name')}
            description={t('settings.general.nameHint')}
            required
            data-testid="settings-general-name"
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('settings.general.country')}
              data={COUNTRIES.map((c) => ({ value: c, label: t(`settings.countries.${c}`) }))}
              allowDeselect={false}
              {...form.getInputProps('country')}
            />
            <Select
              label={t('settings.general.timeZone')}
              data={zones}
              searchable
              allowDeselect={false}
              limit={100}
              {...form.getInputProps('timeZone')}
            />
            <Select
              label={t('settings.general.weekStartsOn')}
              data={['monday', 'sunday'].map((d) => ({ value: d, label: t(`settings.general.weekdays.${d}`) }))}
              allowDeselect={false}
              {...form.getInputProps('weekStartsOn')}
            />
            <Select
              label={t('settings.general.locale')}
              description={t('settings.general.localeHint')}
              data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              allowDeselect={false}
              {...form.getInputProps('locale')}
            />
          </SimpleGrid>
          <Title order={4} mt="sm">
            {t('settings.general.twoFactor')}
          </Title>
          <Checkbox.Group description={t('settings.general.twoFactorHint')} {...form.getInputProps('twoFactorRoles')}>
            <Group mt="xs">
              {TWO_FACTOR_ROLES.map((r) => (
                <Checkbox key={r} value={r} label={t(`roles.${r}`)} data-testid={`settings-2fa-${r}`} />
              ))}
            </Group>
          </Checkbox.Group>
        </Stack>
      )}
    </SettingsForm>
  );
}
