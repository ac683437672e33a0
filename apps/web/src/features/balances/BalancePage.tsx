import { BalanceCorrectionInput } from '@app/contracts';
import { mayCorrectBalance, memberFromInit, todayIn } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { DateField } from '../../ui/DateField';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { balanceKeys, correctBalance, deleteCorrection, ledgerQuery } from '../vacation/api';
import { formatDay, formatMinutes } from '../vacation/format';
import { useVacationLive } from '../vacation/useVacationLive';

/** One member's time-for-time ledger: overtime, time off, corrections, each with the balance after it. */
export default function BalancePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const init = useSession();
  const ledger = useQuery(ledgerQuery(id));
  const queryClient = useQueryClient();
  const corrector = mayCorrectBalance(memberFromInit(init));
  const remove = useMutation({
    mutationFn: (correction: string) => deleteCorrection(id, correction),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
      notify('success', t('balances.deleted'));
    },
  });
  const askRemove = async (correction: string, reason: string) => {
    const yes = await confirmAsync({
      title: t('balances.deleteTitle'),
      message: t('balances.deleteQuestion', { reason }),
      confirm: t('balances.delete'),
      danger: true,
    });
    if (yes) remove.mutate(correction);
  };
  useVacationLive();
  if (ledger.isPending) return <Skeleton h={240} />;
  if (ledger.isError) return null;
  const l = ledger.data;
  const lines = [...l.lines].reverse();
  return (
    <Stack gap="lg" data-testid="balance-page">
      <PageTitle
        title={t('balances.ledgerOf', { name: l.name })}
        right={<RouteLink route="balances">{t('balances.backToList')}</RouteLink>}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="sm">
          <Card withBorder padding="lg">
            <Text size="xs" c="dimmed">
              {t('balances.total')}
            </Text>
            <Text fw={700} size="xl" c={l.total < 0 ? 'red.9' : undefined} data-testid="balance-total">
              {formatMinutes(l.total, true)} {t('vacation.hoursShort')}
            </Text>
          </Card>
          {lines.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('balances.noEntries')}
            </Text>
          ) : (
            <Stack gap="xs" data-testid="balance-lines">
              {lines.map((line) => (
                <Paper key={`${line.date}-${line.kind}-${line.ref}-${line.balance}`} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {t(`balances.kinds.${line.kind}`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDay(line.date, lang)}
                        {line.kind === 'correction' && line.ref ? ` · ${line.ref}` : ''}
                      </Text>
                      {line.kind === 'vacation' && line.ref && (
                        <RouteLink route="vacationRequest" params={{ id: line.ref }} size="xs">
                          {t('balances.openRequest')}
                        </RouteLink>
                      )}
                    </Stack>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <Stack gap={0} align="flex-end">
                        <Text size="sm" fw={600} c={line.minutes < 0 ? 'red.9' : 'teal.9'}>
                          {formatMinutes(line.minutes, true)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatMinutes(line.balance, true)}
                        </Text>
                      </Stack>
                      {corrector && line.kind === 'correction' && line.id && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('balances.deleteOne', { reason: line.ref ?? '' })}
                          loading={remove.isPending && remove.variables === line.id}
                          onClick={() => line.id && askRemove(line.id, line.ref ?? '')}
                          data-testid="correction-delete"
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
        {corrector ? (
          <CorrectionForm membership={l.membership} today={todayIn(init.account.settings.timeZone)} />
        ) : (
          <Alert color="blue">{t('balances.overtimeNote')}</Alert>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function CorrectionForm({ membership, today }: { membership: string; today: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: BalanceCorrectionInput,
    initialValues: { date: today as string | null, hours: 1 as number | string, reason: '' },
    toBody: (v) => ({ date: v.date ?? '', minutes: Math.round(Number(v.hours) * 60), reason: v.reason }),
    // The request counts minutes; the person types hours.
    rename: { minutes: 'hours' },
  });
  const mutation = useMutation({
    mutationFn: (v: typeof form.values) => correctBalance(membership, body(v)),
    meta: { form: fieldErrors },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
      notify('success', t('balances.corrected'));
      form.reset();
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} data-testid="correction-form">
        <Stack gap="sm">
          <Title order={4}>{t('balances.correction')}</Title>
          <Text size="sm" c="dimmed">
            {t('balances.correctionHint')}
          </Text>
          <DateField
            label={t('balances.date')}
            value={form.values.date}
            onChange={(v) => form.setFieldValue('date', v)}
            error={form.errors.date}
            clearable={false}
          />
          <NumberInput
            label={t('balances.hours')}
            step={0.25}
            decimalScale={2}
            hideControls
            {...form.getInputProps('hours')}
            data-testid="correction-hours"
          />
          <TextInput label={t('balances.reason')} {...form.getInputProps('reason')} data-testid="correction-reason" />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="correction-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
