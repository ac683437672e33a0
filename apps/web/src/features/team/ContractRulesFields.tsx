import { Fieldset, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shiftsQuery } from '../catalog/api';

/** The roster rules of a contract as the form holds them: empty is no limit. */
export interface RulesValues {
  maxConsecutiveDays: number | string;
  minConsecutiveDays: number | string;
  minConsecutiveDaysOff: number | string;
  maxWeekends: number | string;
  maxShifts: Record<string, number | string>;
}

const NUMBER_RULES = [
  ['maxConsecutiveDays', 1, 31],
  ['minConsecutiveDays', 1, 14],
  ['minConsecutiveDaysOff', 1, 14],
  ['maxWeekends', 0, 4],
] as const;

/**
 * What auto-roster keeps to for this contract beyond its hours (docs/product/autoroster.md): days in a row, days off
 * in a row, weekends and shifts per four weeks. Empty fields set no limit.
 */
export function ContractRulesFields<V extends { rosterRules: RulesValues }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const shifts = useQuery(shiftsQuery);
  const input = (path: string) => form.getInputProps(`rosterRules.${path}` as never);
  return (
    <Fieldset legend={t('team.contract.rules.title')} variant="filled" data-testid="contract-rules">
      <Text size="xs" c="dimmed" mb="xs">
        {t('team.contract.rules.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {NUMBER_RULES.map(([key, min, max]) => (
          <NumberInput
            key={key}
            label={t(`team.contract.rules.${key}`)}
            min={min}
            max={max}
            allowDecimal={false}
            data-testid={`contract-rule-${key}`}
            {...input(key)}
          />
        ))}
      </SimpleGrid>
      {(shifts.data ?? []).some((s) => !s.trashed) && (
        <>
          <Text size="sm" fw={500} mt="sm">
            {t('team.contract.rules.maxShifts')}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
            {(shifts.data ?? [])
              .filter((s) => !s.trashed)
              .map((s) => (
                <NumberInput
                  key={s.id}
                  label={s.name}
                  min={0}
                  max={28}
                  allowDecimal={false}
                  {...input(`maxShifts.${s.id}`)}
                />
              ))}
          </SimpleGrid>
        </>
      )}
    </Fieldset>
  );
}

const orNull = (v: number | string | undefined) => (v === '' || v === undefined || v === null ? null : Number(v));

export function rulesToBody(v: RulesValues) {
  return {
    maxConsecutiveDays: orNull(v.maxConsecutiveDays),
    minConsecutiveDays: orNull(v.minConsecutiveDays),
    minConsecutiveDaysOff: orNull(v.minConsecutiveDaysOff),
    maxWeekends: orNull(v.maxWeekends),
    maxShifts: Object.fromEntries(
      Object.entries(v.maxShifts).flatMap(([id, n]) => (orNull(n) === null ? [] : [[id, Number(n)]])),
    ),
  };
}

export function rulesToValues(r: ReturnType<typeof rulesToBody> | undefined): RulesValues {
  return {
    maxConsecutiveDays: r?.maxConsecutiveDays ?? '',
    minConsecutiveDays: r?.minConsecutiveDays ?? '',
    minConsecutiveDaysOff: r?.minConsecutiveDaysOff ?? '',
    maxWeekends: r?.maxWeekends ?? '',
    maxShifts: { ...(r?.maxShifts ?? {}) },
  };
}
