import type { MemberDetail } from '@app/contracts';
import { hasModule, memberHasRole, todayIn } from '@app/domain';
import { Anchor, Fieldset, Group, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useAccess } from '../../../app/session';
import { formatWeekday } from '../../../ui/format';
import { defaultsQuery } from '../../availability/api';
import { monthRange } from '../../availability/model';
import { sheetQuery } from '../../hours/api';
import { ledgerQuery } from '../../vacation/api';
import { formatMinutes } from '../../vacation/format';
import type { EmployeeState } from './useEmployee';

/** A Monday, so weekday 0..6 reads Monday..Sunday in the reader's language. */
const MONDAY = '2024-01-01';

/** Which of the settings tab's fieldsets the account's modules open (none: no tab). */
export function settingsFieldsets(modules: Parameters<typeof hasModule>[0]) {
  return {
    timesheet: hasModule(modules, 'hours'),
    availability: hasModule(modules, 'availability'),
    balance: hasModule(modules, 'balances'),
  };
}

/**
 * The employee page's settings (docs/product/members.md): the member's timesheet this month, whether they enter
 * their availability (with their week), and whether they keep a time-for-time balance (with its total). The two
 * switches save with the page's save bar; the rest reads the hours, availability and balances as their pages do.
 */
export function SettingsTab({ detail, e }: { detail: MemberDetail; e: EmployeeState }) {
  const { t, settings, mayChange, actor } = e;
  const open = settingsFieldsets(useAccess());
  return (
    <Stack gap="lg" data-testid="employee-settings">
      {open.timesheet && memberHasRole(actor, 'supervisor') && <TimesheetFieldset membershipId={detail.id} e={e} />}
      {open.availability && (
        <Fieldset legend={t('team.fs.availability')} data-testid="fieldset-availability">
          <Stack gap="md">
            <Switch
              label={t('team.settings.availability')}
              description={t('team.settings.availabilityHint')}
              disabled={!mayChange}
              data-testid="setting-availability"
              {...settings.getInputProps('availability', { type: 'checkbox' })}
            />
            <WeekSummary membershipId={detail.id} e={e} />
          </Stack>
        </Fieldset>
      )}
      {open.balance && (
        <Fieldset legend={t('team.fs.balance')} data-testid="fieldset-balance">
          <Stack gap="md">
            <Switch
              label={t('team.settings.balance')}
              description={t('team.settings.balanceHint')}
              disabled={!mayChange}
              data-testid="setting-balance"
              {...settings.getInputProps('balance', { type: 'checkbox' })}
            />
            {detail.settings.balance && <BalanceTotal membershipId={detail.id} e={e} />}
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}

/** This month's hours of the member by timesheet tab, with the way to the timesheet. */
function TimesheetFieldset({ membershipId, e }: { membershipId: string; e: EmployeeState }) {
  const { t, pathTo, session } = e;
  const month = monthRange(todayIn(session.account.settings.timeZone));
  const sheet = useQuery({ ...sheetQuery({ tab: 'approve', member: membershipId, ...month }), retry: false });
  if (sheet.isError) return null;
  return (
    <Fieldset legend={t('team.fs.timesheet')} data-testid="fieldset-timesheet">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('team.settings.timesheetIntro')}
        </Text>
        {sheet.isPending ? (
          <Skeleton h={40} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {Object.entries(sheet.data.counts).map(([tab, n]) => (
              <Stack key={tab} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`hours.tabs.${tab}`)}
                </Text>
                <Text fw={600} data-testid={`timesheet-count-${tab}`}>
                  {n}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <Anchor component={Link} to={pathTo('timesheet', { page: 'approve' })} size="sm">
          {t('team.settings.openTimesheet')}
        </Anchor>
      </Stack>
    </Fieldset>
  );
}

/** The member's week of defaults (mo..su), read-only here: they are entered on the availability page. */
function WeekSummary({ membershipId, e }: { membershipId: string; e: EmployeeState }) {
  const { t, lang, pathTo } = e;
  const week = useQuery({ ...defaultsQuery(membershipId), retry: false });
  if (week.isError) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('team.settings.week')}
      </Text>
      {week.isPending ? (
        <Skeleton h={40} />
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" data-testid="availability-week">
          {week.data.days.map((d) => (
            <Stack key={d.weekday} gap={0}>
              <Text size="xs" c="dimmed">
                {formatWeekday(dayjs(MONDAY).add(d.weekday, 'day').format('YYYY-MM-DD'), lang, 'long')}
              </Text>
              <Text size="sm">
                {d.type ? t(`roster.availability.${d.type}`) : t('availabilityPage.noDefault')}
                {d.start && d.end ? ` ${d.start}–${d.end}` : ''}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Anchor component={Link} to={pathTo('availability')} size="sm">
        {t('team.settings.openAvailability')}
      </Anchor>
    </Stack>
  );
}

/** The member's time-for-time balance today, with the way to its ledger. */
function BalanceTotal({ membershipId, e }: { membershipId: string; e: EmployeeState }) {
  const { t, pathTo } = e;
  const ledger = useQuery({ ...ledgerQuery(membershipId), retry: false });
  if (ledger.isError) return null;
  return (
    <Group gap="md" align="baseline" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('balances.total')}
      </Text>
      {ledger.isPending ? (
        <Skeleton h={24} w={80} />
      ) : (
        <Text fw={700} c={ledger.data.total < 0 ? 'red.9' : undefined} data-testid="employee-balance-total">
          {formatMinutes(ledger.data.total, true)} {t('vacation.hoursShort')}
        </Text>
      )}
      <Anchor component={Link} to={pathTo('balance', { id: membershipId })} size="sm">
        {t('team.settings.openBalance')}
      </Anchor>
    </Group>
  );
}
