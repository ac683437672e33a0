import { budgetUse } from '@app/domain';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRosterView } from './context';
import { formatCost } from './grid/marks';

/**
 * The period's planned labour cost against the planning's budget (docs/product/roster.md, "Hours, contract and
 * cost"), for those who may read wages: the load carries the cost only for them.
 */
export function CostSummary() {
  const { t } = useTranslation();
  const { data, locale } = useRosterView();
  const cost = data.cost;
  if (!cost) return null;
  const total = formatCost(cost.totalCents, locale);
  if (cost.budgetCents === null) {
    return (
      <Text size="sm" data-testid="roster-cost">
        {t('roster.cost.period', { cost: total })}
      </Text>
    );
  }
  const use = budgetUse(cost.totalCents, cost.budgetCents);
  const budget = formatCost(cost.budgetCents, locale);
  return (
    <Group gap="sm" wrap="nowrap" className="roster-cost" data-testid="roster-cost" data-over={use.over || undefined}>
      <Text size="sm" fw={600} c={use.over ? 'red.8' : undefined}>
        {t('roster.cost.ofBudget', { cost: total, budget })}
      </Text>
      <Progress
        value={Math.min(100, use.percent)}
        color={use.over ? 'red.8' : 'teal.8'}
        w={160}
        aria-label={t('roster.cost.budgetUse', { percent: use.percent })}
        data-testid="roster-budget"
      />
      {use.over && (
        <Text size="sm" c="red.8">
          {t('roster.cost.over', { amount: formatCost(-use.leftCents, locale) })}
        </Text>
      )}
    </Group>
  );
}
