import { ExpenseSettings } from '@app/contracts';
import { Checkbox, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { MoneyInput } from '../../../ui/MoneyInput';
import { centsToText, textToCents } from '../../../ui/money';
import { afterSettingsChange, expensesQuery, saveExpenses } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

/** What employees may declare with their hours: expenses (euro) and travel (kilometres), and their limits. */
export default function ExpensesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(expensesQuery);
  if (!query.data) return <SectionSkeleton rows={4} />;
  const toForm = (v: ExpenseSettings) => ({
    ...v,
    kmCompensation: centsToText(v.kmCompensationCents, lang),
    expenseMax: centsToText(v.expenseMaxCents, lang),
  });
  return (
    <SettingsForm
      schema={ExpenseSettings}
      initial={toForm(query.data)}
      toValue={({ kmCompensation, expenseMax, ...rest }) =>
        ({
          ...rest,
          kmCompensationCents: textToCents(kmCompensation) ?? 0,
          expenseMaxCents: textToCents(expenseMax),
        }) as ExpenseSettings
      }
      save={saveExpenses}
      fromSaved={toForm}
      onSaved={afterSettingsChange}
      testId="settings-expenses"
    >
      {(form) => {
        // The contract's fields carry the errors; the inputs show them.
        const money = (field: 'kmCompensation' | 'expenseMax', contractField: string) => ({
          ...form.getInputProps(field),
          error: form.errors[contractField] ?? form.errors[field],
        });
        return (
          <Stack gap="lg">
            <Switch
              label={t('settings.expenses.expensesEnabled')}
              description={t('settings.expenses.expensesEnabledHint')}
              {...form.getInputProps('expensesEnabled', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput
                label={t('settings.expenses.expenseMax')}
                description={t('settings.expenses.expenseMaxHint')}
                disabled={!form.values.expensesEnabled}
                data-testid="settings-expenses-max"
                {...money('expenseMax', 'expenseMaxCents')}
              />
            </SimpleGrid>
            <Checkbox
              label={t('settings.expenses.receiptRequired')}
              disabled={!form.values.expensesEnabled}
              {...form.getInputProps('expenseReceiptRequired', { type: 'checkbox' })}
            />
            <Switch
              label={t('settings.expenses.travelEnabled')}
              description={t('settings.expenses.travelEnabledHint')}
              {...form.getInputProps('travelEnabled', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput
                label={t('settings.expenses.kmCompensation')}
                description={t('settings.expenses.kmCompensationHint')}
                disabled={!form.values.travelEnabled}
                data-testid="settings-expenses-km"
                {...money('kmCompensation', 'kmCompensationCents')}
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </SettingsForm>
  );
}
