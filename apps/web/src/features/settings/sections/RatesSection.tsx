import { FACTOR_MAX, Rate, RateInput } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { MoneyInput } from '../../../ui/MoneyInput';
import { centsToText, textToCents } from '../../../ui/money';
import { afterSettingsChange, ratesListQuery, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const rates = resource<RateInput, typeof Rate>('/api/rates', Rate);

const factorText = (factor: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(factor / 100);

function RateEditor({ row, done, deleteButton }: EditorProps<Rate>) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={RateInput}
      initial={{
        name: row?.name ?? '',
        hourly: centsToText(row?.hourlyCents, lang),
        factor: (row?.factor ?? 100) / 100,
      }}
      toValue={({ hourly, factor, ...rest }) =>
        ({ ...rest, hourlyCents: textToCents(hourly), factor: Math.round(Number(factor) * 100) }) as RateInput
      }
      save={(v) => (row ? rates.update(row.id, v) : rates.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="rate-form"
    >
      {(form) => {
        const cents = textToCents(form.values.hourly);
        const cost = typeof cents === 'number' ? Math.round(cents * Number(form.values.factor)) : null;
        return (
          <Stack gap="md">
            <TextInput
              label={t('settings.rates.name')}
              required
              data-testid="rate-name"
              {...form.getInputProps('name')}
            />
            <SimpleGrid cols={2}>
              <MoneyInput
                label={t('settings.rates.hourly')}
                required
                data-testid="rate-hourly"
                {...form.getInputProps('hourly')}
                error={form.errors.hourlyCents ?? form.errors.hourly}
              />
              <NumberInput
                label={t('settings.rates.factor')}
                description={t('settings.rates.factorHint')}
                min={0.01}
                max={FACTOR_MAX / 100}
                step={0.01}
                decimalScale={2}
                fixedDecimalScale
                decimalSeparator={lang === 'en' ? '.' : ','}
                {...form.getInputProps('factor')}
              />
            </SimpleGrid>
            {cost !== null && (
              <Text size="sm" c="dimmed" data-testid="rate-cost">
                {t('settings.rates.costPerHour', { amount: formatMoney(cost, lang) })}
              </Text>
            )}
          </Stack>
        );
      }}
    </SettingsForm>
  );
}

/** Hourly wages: the gross amount per hour and the factor that turns it into the company's cost. */
export default function RatesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <EntityList<Rate>
      testId="rates"
      query={ratesListQuery}
      nameOf={(r) => r.name}
      searchText={(r) => r.name}
      newLabel={t('settings.rates.new')}
      emptyText={t('settings.rates.empty')}
      remove={(r) => rates.remove(r.id)}
      inUseHint={t('avatars.rateInUseHint')}
      Editor={RateEditor}
      columns={[
        { key: 'name', label: t('settings.rates.name'), render: (r) => r.name },
        { key: 'hourly', label: t('settings.rates.hourly'), render: (r) => `${formatMoney(r.hourlyCents, lang)} €` },
        { key: 'factor', label: t('settings.rates.factor'), wide: true, render: (r) => factorText(r.factor, lang) },
        {
          key: 'cost',
          label: t('settings.rates.cost'),
          wide: true,
          render: (r) => `${formatMoney(Math.round((r.hourlyCents * r.factor) / 100), lang)} €`,
        },
      ]}
    />
  );
}
