import { CompanySettings } from '@app/contracts';
import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { afterSettingsChange, companyQuery, saveCompany } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** The company's legal data (name, invoice address, VAT and registration numbers) and its company page. */
export default function CompanySection() {
  const { t } = useTranslation();
  const query = useQuery(companyQuery);
  if (!query.data) return <SectionSkeleton rows={4} />;
  const toForm = (c: CompanySettings) => ({
    companyName: c.companyName ?? '',
    invoiceAddress: c.invoiceAddress ?? '',
    vatNumber: c.vatNumber ?? '',
    registrationNumber: c.registrationNumber ?? '',
    companyVisible: c.companyVisible,
  });
  return (
    <SettingsForm
      schema={CompanySettings}
      initial={toForm(query.data)}
      toValue={(f) => ({
        companyName: orNull(f.companyName),
        invoiceAddress: orNull(f.invoiceAddress),
        vatNumber: orNull(f.vatNumber),
        registrationNumber: orNull(f.registrationNumber),
        companyVisible: f.companyVisible,
      })}
      save={saveCompany}
      fromSaved={toForm}
      onSaved={afterSettingsChange}
      testId="settings-company"
    >
      {(form) => (
        <Stack gap="md">
          <TextInput
            label={t('settings.company.companyName')}
            autoComplete="organization"
            {...form.getInputProps('companyName')}
          />
          <Textarea
            label={t('settings.company.invoiceAddress')}
            autosize
            minRows={3}
            {...form.getInputProps('invoiceAddress')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('settings.company.vatNumber')} {...form.getInputProps('vatNumber')} />
            <TextInput label={t('settings.company.registrationNumber')} {...form.getInputProps('registrationNumber')} />
          </SimpleGrid>
          <Switch
            label={t('settings.company.visible')}
            description={t('settings.company.visibleHint')}
            {...form.getInputProps('companyVisible', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </SettingsForm>
  );
}
