import type { RosterResponse } from '@app/contracts';
import { contractBalance } from '@app/domain';
import { Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../model';
import { formatCost } from './marks';

/**
 * A person's row head figures (docs/product/roster.md, "Hours, contract and cost"): planned hours, against the
 * contract's hours for the days shown when there is a contract (over in red with an icon, under marked, both said in
 * words for screen readers), and the planned cost for those who may read wages.
 */
export function PersonTotals({ data, user, locale }: { data: RosterResponse; user: string; locale: string }) {
  const { t } = useTranslation();
  const minutes = data.stats[user]?.minutes ?? 0;
  const weekly = data.users[user]?.contractMinutes;
  const cost = data.cost ? (data.cost.byUser[user] ?? 0) : null;
  const costText =
    cost !== null ? (
      <span className="roster-totals-cost" title={t('roster.cost.person')}>
        {formatCost(cost, locale)}
      </span>
    ) : null;
  if (weekly == null) {
    return (
      <Text size="xs" className="roster-totals" data-testid={`totals-${user}`}>
        <span className="roster-totals-hours">{t('roster.plannedHours', { hours: formatDuration(minutes) })}</span>
        {costText}
      </Text>
    );
  }
  const balance = contractBalance(minutes, weekly, data.days.length);
  const hours = formatDuration(minutes);
  const contract = formatDuration(balance.contractMinutes);
  const state = t(`roster.contract.${balance.state}`, {
    hours: formatDuration(Math.abs(balance.differenceMinutes)),
  });
  return (
    <Text
      size="xs"
      className="roster-totals"
      data-contract={balance.state}
      data-testid={`totals-${user}`}
      title={`${t('team.plannedOfContract', { hours, contract })} · ${state}`}
    >
      <span className="roster-totals-hours">
        {balance.state === 'over' && <IconArrowUpRight size={12} aria-hidden />}
        {balance.state === 'under' && <IconArrowDownRight size={12} aria-hidden />}
        <span aria-hidden>{t('roster.contract.short', { hours, contract })}</span>
        <span className="roster-sr">
          {t('team.plannedOfContract', { hours, contract })}, {state}
        </span>
      </span>
      {costText}
    </Text>
  );
}
