import { VacationAdjustmentInput } from '@app/contracts';
import { mayAdjustVacation, memberFromInit } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { adjustVacation, deleteAdjustment, personBalanceQuery, teamBalancesQuery, vacationKeys } from './api';
import { formatDays } from './format';
import { YearFigures } from './parts';

/** The year overview of the team: each person's days left of their entitlement; a person opens their year. */
export function TeamBalances({ year }: { year: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const team = useQuery(teamBalancesQuery(year));
  const [open, setOpen] = useState<string | null>(null);
  if (team.isPending) return <Skeleton h={200} />;
  if (team.isError)
    return (
      <Alert color="red" title={t('vacation.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void team.refetch()}>
          {t('common.reload')}
        </Button>
      </Alert>
    );
  const people = team.data.people.filter((p) => p.entitlement > 0 || p.taken + p.planned + p.pending > 0);
  return (
    <Stack gap="xs" data-testid="team-balances">
      {people.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('vacation.emptyBalances')}
        </Text>
      )}
      {people.map((p) => (
        <UnstyledButton
          key={p.membership}
          onClick={() => setOpen(p.membership)}
          data-testid={`team-balance-${p.membership}`}
        >
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{p.name}</Text>
              <Group gap="lg">
                <Text size="sm" c="dimmed">
                  {t('vacation.balance.usedOf', {
                    used: formatDays(p.taken + p.planned, lang),
                    total: formatDays(p.entitlement + p.carryOver + p.adjustments, lang),
                  })}
                </Text>
                <Text size="sm" fw={700} c={p.remaining < 0 ? 'red.9' : undefined}>
                  {t('vacation.balance.left', { days: formatDays(p.remaining, lang) })}
                </Text>
              </Group>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="md"
        title={team.data.people.find((p) => p.membership === open)?.name}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && <PersonYear membership={open} year={year} />}
      </Drawer>
    </Stack>
  );
}

/** One person's year: the figures, the credits and debits, and (for managers) a new one. */
function PersonYear({ membership, year }: { membership: string; year: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const person = useQuery(personBalanceQuery(membership, year));
  const queryClient = useQueryClient();
  const adjuster = mayAdjustVacation(memberFromInit(init));
  const remove = useMutation({
    mutationFn: (id: string) => deleteAdjustment(membership, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
      notify('success', t('vacation.adjustments.deleted'));
    },
  });
  const askRemove = async (a: { id: string; reason: string }) => {
    const yes = await confirmAsync({
      title: t('vacation.adjustments.deleteTitle'),
      message: t('vacation.adjustments.deleteQuestion', { reason: a.reason }),
      confirm: t('vacation.adjustments.delete'),
      danger: true,
    });
    if (yes) remove.mutate(a.id);
  };
  if (!person.data) return <Skeleton h={200} />;
  return (
    <Stack gap="lg" data-testid="person-year">
      <YearFigures balance={person.data.balance} />
      <Stack gap="xs">
        <Title order={5}>{t('vacation.adjustments.title')}</Title>
        {person.data.adjustments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('vacation.adjustments.none')}
          </Text>
        ) : (
          person.data.adjustments.map((a) => (
            <Paper key={a.id} withBorder p="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{a.reason}</Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} c={a.kind === 'debit' ? 'red.9' : 'teal.9'}>
                    {a.kind === 'debit' ? '−' : '+'}
                    {formatDays(a.days, lang)}
                  </Text>
                  {adjuster && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('vacation.adjustments.deleteOne', { reason: a.reason })}
                      loading={remove.isPending && remove.variables === a.id}
                      onClick={() => askRemove(a)}
                      data-testid="adjustment-delete"
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
              {a.createdBy && (
                <Text size="xs" c="dimmed">
                  {a.createdBy}
                </Text>
              )}
            </Paper>
          ))
        )}
      </Stack>
      {adjuster && <AdjustForm membership={membership} year={year} />}
    </Stack>
  );
}

function AdjustForm({ membership, year }: { membership: string; year: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: VacationAdjustmentInput,
    initialValues: { year, kind: 'credit' as 'credit' | 'debit', days: 1 as number | string, reason: '' },
    toBody: (v) => ({ ...v, days: Number(v.days) }),
  });
  const mutation = useMutation({
    mutationFn: (v: typeof form.values) => adjustVacation(membership, body(v)),
    meta: { form: fieldErrors },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
      notify('success', t('vacation.adjustments.saved'));
      form.reset();
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} data-testid="adjust-form">
      <Stack gap="sm">
        <Title order={5}>{t('vacation.adjustments.new')}</Title>
        <SegmentedControl
          data={[
            { value: 'credit', label: t('vacation.adjustments.credit') },
            { value: 'debit', label: t('vacation.adjustments.debit') },
          ]}
          {...form.getInputProps('kind')}
        />
        <NumberInput
          label={t('vacation.adjustments.days')}
          min={0.5}
          step={0.5}
          decimalScale={1}
          hideControls
          {...form.getInputProps('days')}
          data-testid="adjust-days"
        />
        <TextInput
          label={t('vacation.adjustments.reason')}
          {...form.getInputProps('reason')}
          data-testid="adjust-reason"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="adjust-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
