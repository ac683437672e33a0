import { SicknessCreateRequest } from '@app/contracts';
import { mayReportSickness, memberFromInit, todayIn } from '@app/domain';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFirstAidKit } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DateField } from '../../ui/DateField';
import { formatDate } from '../../ui/format';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { sicknessCalls, sicknessHistoryQuery, sicknessKeys } from './api';

interface ReportValues {
  start: string | null;
  end: string | null;
  notes: string;
}

/**
 * A member's absence: their sickness history, reporting new sickness (from a date, optionally until one, with
 * notes) and ending an open one. Their duties in the span get the sick flag on the roster.
 */
export function SicknessPanel({ membershipId }: { membershipId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const today = todayIn(init.account.settings.timeZone);
  const may = mayReportSickness(memberFromInit(init), membershipId);
  const history = useQuery(sicknessHistoryQuery(membershipId));
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const { form, body, fieldErrors } = useSchemaForm({
    schema: SicknessCreateRequest,
    initialValues: { start: today, end: null, notes: '' } as ReportValues,
    toBody: (v) => ({ membership: membershipId, start: v.start, end: v.end, notes: v.notes }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sicknessKeys.all });
  const report = useMutation({
    mutationFn: (v: ReportValues) => sicknessCalls.report(body(v)),
    meta: { form: fieldErrors },
    onSuccess: (record) => {
      notify('success', t('sickness.reported', { count: record.items }));
      form.reset();
      setReporting(false);
      void refresh();
    },
  });
  const end = useMutation({
    mutationFn: (id: string) => sicknessCalls.update(id, { end: today }),
    onSuccess: () => {
      notify('success', t('sickness.ended'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => sicknessCalls.remove(id),
    onSuccess: () => {
      notify('success', t('sickness.deleted'));
      void refresh();
    },
  });
  const fmt = (date: string) => formatDate(date, lang);

  return (
    <Card withBorder padding="md" data-testid="sickness-panel">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <IconFirstAidKit size={20} aria-hidden />
          <Title order={3} size="h5">
            {t('sickness.title')}
          </Title>
        </Group>
        {may && !reporting && (
          <Button size="xs" onClick={() => setReporting(true)} data-testid="sickness-report">
            {t('sickness.report')}
          </Button>
        )}
      </Group>
      {reporting && (
        // Not a <form>: the employee page around it is one already (its own save).
        <div data-testid="sickness-form">
          <Stack gap="sm" mb="md">
            <Group grow align="flex-start" wrap="wrap">
              <DateField
                label={t('sickness.start')}
                required
                clearable={false}
                value={form.values.start}
                onChange={(v) => form.setFieldValue('start', v)}
                error={form.errors.start}
                data-testid="sickness-start"
              />
              <DateField
                label={t('sickness.end')}
                description={t('sickness.endHint')}
                clearButtonProps={{ 'aria-label': t('sickness.clearEnd') }}
                value={form.values.end}
                onChange={(v) => form.setFieldValue('end', v)}
                error={form.errors.end}
                data-testid="sickness-end"
              />
            </Group>
            <Textarea
              label={t('sickness.notes')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('notes')}
              data-testid="sickness-notes"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" onClick={() => setReporting(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => form.onSubmit((v) => report.mutate(v))()}
                loading={report.isPending}
                data-testid="sickness-save"
              >
                {t('sickness.save')}
              </Button>
            </Group>
          </Stack>
        </div>
      )}
      {history.isPending ? (
        <Skeleton h={60} />
      ) : history.isError ? (
        <Alert color="red">{t('sickness.loadFailed')}</Alert>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sickness-empty">
          {t('sickness.empty')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="sickness-history"
        >
          {history.data.map((r) => (
            <li key={r.id} data-testid={`sickness-${r.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {r.end
                        ? t('sickness.span', { from: fmt(r.start), until: fmt(r.end) })
                        : t('sickness.since', { date: fmt(r.start) })}
                    </Text>
                    {!r.end && <Badge color="pink">{t('sickness.open')}</Badge>}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('sickness.items', { count: r.items })}
                  </Text>
                  {r.notes && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.notes}
                    </Text>
                  )}
                </Stack>
                {may && (
                  <Group gap="xs">
                    {!r.end && r.start <= today && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => end.mutate(r.id)}
                        loading={end.isPending}
                        data-testid="sickness-end-today"
                      >
                        {t('sickness.endToday')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        modals.openConfirmModal({
                          title: t('sickness.deleteTitle'),
                          children: <Text size="sm">{t('sickness.deleteText')}</Text>,
                          labels: { confirm: t('sickness.delete'), cancel: t('common.cancel') },
                          confirmProps: { color: 'red' },
                          onConfirm: () => remove.mutate(r.id),
                        })
                      }
                    >
                      {t('sickness.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
