import type { VacationRequest, VacationYearBalance } from '@app/contracts';
import { todayIn } from '@app/domain';
import { Badge, Checkbox, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { RouteLink } from '../../ui/RouteLink';
import { formatDays, formatMinutes, formatRange, STATE_COLORS } from './format';

/** This year in the account's time zone. */
export function useThisYear(): number {
  const init = useSession();
  return Number(todayIn(init.account.settings.timeZone).slice(0, 4));
}

export function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  const thisYear = useThisYear();
  const years = [thisYear - 1, thisYear, thisYear + 1];
  if (!years.includes(year)) years.push(year);
  return (
    <SegmentedControl
      aria-label={t('vacation.year')}
      value={String(year)}
      onChange={(v) => onChange(Number(v))}
      data={years.sort().map((y) => ({ value: String(y), label: String(y) }))}
      data-testid="vacation-year"
    />
  );
}

export function StateBadge({ status }: { status: VacationRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[status]} variant="dot" size="lg" data-testid="vacation-status">
      {t(`vacation.states.${status}`)}
    </Badge>
  );
}

/** The figures of one year: what the contract gives, what is used, what is left. */
export function YearFigures({ balance }: { balance: VacationYearBalance }) {
  const { t } = useTranslation();
  const lang = useLang();
  const figure = (key: keyof VacationYearBalance, strong = false) => (
    <Stack gap={0} key={key} data-testid={`balance-${key}`}>
      <Text size="xs" c="dimmed">
        {t(`vacation.balance.${key}`)}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'md'}>
        {formatDays(balance[key] as number, lang)}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md">
      {figure('remaining', true)}
      {figure('entitlement')}
      {figure('carryOver')}
      {figure('adjustments')}
      {figure('taken')}
      {figure('planned')}
      {figure('pending')}
    </SimpleGrid>
  );
}

/** One request as a row of a list: who, when, how long, how paid, its state; a link to the request. */
export function RequestRow({
  request,
  showName,
  selected,
  onSelect,
}: {
  request: VacationRequest;
  showName: boolean;
  selected?: boolean;
  onSelect?: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`vacation-row-${request.id}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {onSelect && (
          <Checkbox
            mt={4}
            checked={!!selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t('vacation.select', { name: request.name })}
            data-testid={`vacation-select-${request.id}`}
          />
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <RouteLink route="vacationRequest" params={{ id: request.id }} fw={600} data-testid="vacation-link">
              {showName ? request.name : formatRange(request.from, request.until, lang)}
            </RouteLink>
            <StateBadge status={request.status} />
          </Group>
          {showName && <Text size="sm">{formatRange(request.from, request.until, lang)}</Text>}
          <Text size="sm" c="dimmed">
            {t('vacation.daysCounted', { days: formatDays(request.days, lang) })} · {formatMinutes(request.minutes)}{' '}
            {t('vacation.hoursShort')} · {t(`vacation.durations.${request.duration}`)} ·{' '}
            {t(`vacation.compensations.${request.compensation}`)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
