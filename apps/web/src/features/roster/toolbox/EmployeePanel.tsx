import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { queryClient } from '../../../app/queryClient';
import { OfferActions } from '../../swaps/OfferActions';
import { itemCalls, rosterKeys } from '../api';
import { useRosterView } from '../context';
import { shiftOf, timesLabel } from '../format';
import { employeeActions } from '../model';
import { askConfirm } from '../useItemEdit';
import type { PanelProps } from './types';

/**
 * What everyone who does not plan sees of an item, with their own actions: take, apply, give up, keep
 * (docs/product/roster.md).
 */
export function EmployeePanel({ item, onDone }: PanelProps) {
  const { t } = useTranslation();
  const { data, edit, employee, timeZone } = useRosterView();
  const offer = data.offers?.[item.id];
  const actions = employeeActions(item, employee, offer);
  const shift = shiftOf(data, item);
  const person = item.user ? (data.users[item.user]?.name ?? null) : null;
  const mine = item.user === employee.me;
  const applied = item.applications.find((a) => a.membership === employee.me);

  const act = async (
    kind: 'signIn' | 'apply' | 'withdraw' | 'signOut' | 'cancelSignOut',
    optimistic: Parameters<typeof edit.run>[0]['optimistic'],
  ) => {
    if (
      kind === 'signOut' &&
      !(await askConfirm(t('roster.employee.signOutNotice'), t('roster.employee.signOutConfirm')))
    ) {
      return;
    }
    const call = {
      signIn: () => itemCalls.signIn(item.id),
      apply: () => itemCalls.signIn(item.id),
      withdraw: () => itemCalls.withdrawApplication(item.id),
      signOut: () => itemCalls.signOut(item.id),
      cancelSignOut: () => itemCalls.cancelSignOut(item.id),
    }[kind];
    const r = await edit.run({ itemId: item.id, optimistic, call, noRetry: true, noHistory: true });
    if (r.ok) {
      notify('success', t(`roster.employee.done.${kind}`));
      // What the employee may take depends on what they hold: the offers load again.
      void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
      onDone?.();
    }
  };

  return (
    <Stack gap="xs" data-testid="employee-panel">
      <Text size="sm">
        {timesLabel(item) ?? t('roster.noTimes')}
        {item.times && item.times.break > 0 ? ` · ${t('roster.breakMinutes', { minutes: item.times.break })}` : ''}
        {shift ? ` · ${shift.name}` : ''}
      </Text>
      <Text size="sm" fw={600}>
        {mine ? t('roster.employee.yours') : item.assigned ? (person ?? t('roster.hiddenName')) : t('roster.openDuty')}
      </Text>
      {item.notes && (
        <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
          {item.notes}
        </Text>
      )}
      {!item.assigned && offer && !offer.can && offer.reason && (
        <Alert color="gray" variant="light" p="xs" data-testid="offer-refused">
          <Text size="sm">{t(`roster.employee.refused.${offer.reason}`)}</Text>
        </Alert>
      )}
      {item.flag === 'signout' && mine && (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">{t('roster.employee.signOutPending')}</Text>
        </Alert>
      )}
      {item.pending && mine && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t('roster.employee.pendingConfirmation')}</Text>
        </Alert>
      )}
      {applied && applied.accepted === null && (
        <Alert color="violet" variant="light" p="xs">
          <Text size="sm">{t('roster.employee.applied')}</Text>
        </Alert>
      )}
      {applied && applied.accepted === false && (
        <Text size="sm" c="gray.7">
          {t('roster.employee.applicationDenied')}
        </Text>
      )}
      <Group gap="xs" justify="flex-end">
        {actions.signIn && (
          <Button
            onClick={() => void act('signIn', (i) => ({ ...i, user: employee.me, assigned: true }))}
            loading={edit.pending}
            data-testid="item-sign-in"
          >
            {t('roster.employee.signIn')}
          </Button>
        )}
        {actions.apply && (
          <Button
            onClick={() =>
              void act('apply', (i) => ({
                ...i,
                applications: [
                  ...i.applications,
                  { membership: employee.me, appliedAt: new Date().toISOString(), accepted: null },
                ],
              }))
            }
            loading={edit.pending}
            data-testid="item-apply"
          >
            {t('roster.employee.apply')}
          </Button>
        )}
        {actions.withdraw && (
          <Button
            variant="default"
            onClick={() =>
              void act('withdraw', (i) => ({
                ...i,
                applications: i.applications.filter((a) => a.membership !== employee.me),
              }))
            }
            data-testid="item-withdraw"
          >
            {t('roster.employee.withdraw')}
          </Button>
        )}
        {actions.signOut && (
          <Button
            color="red"
            variant="outline"
            onClick={() => void act('signOut', (i) => ({ ...i, flag: 'signout' }))}
            data-testid="item-sign-out"
          >
            {t('roster.employee.signOut')}
          </Button>
        )}
        {actions.cancelSignOut && (
          <Button
            variant="default"
            onClick={() => void act('cancelSignOut', (i) => ({ ...i, flag: null }))}
            data-testid="item-cancel-sign-out"
          >
            {t('roster.employee.cancelSignOut')}
          </Button>
        )}
      </Group>
      {!employee.observerOnly && (
        <OfferActions
          item={item}
          data={data}
          me={employee.me}
          today={employee.today}
          timeZone={timeZone}
          maySignUp={employee.maySignUp}
        />
      )}
    </Stack>
  );
}
