import { type AvailabilityDefaultDay, AvailabilityDefaultsRequest, type AvailabilityDefaultType } from '@app/contracts';
import { availabilityTimes } from '@app/domain';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { formatWeekday } from '../../ui/format';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { availabilityCalls, availabilityKeys, defaultsQuery, handleInvalid } from './api';
import { CHOOSABLE } from './model';

/** Whether a weekday's type takes times (none without a default). */
const timed = (type: AvailabilityDefaultType | null) => type !== null && availabilityTimes(type) !== 'none';

/** A Monday, so weekday 0..6 reads Monday..Sunday in the member's language. */
const MONDAY = '2024-01-01';

/** The member's week (mo..su): what holds on a weekday without an entry of its own. */
export function WeekDefaults({ membership, editable }: { membership: string; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(defaultsQuery(membership));
  const queryClient = useQueryClient();
  // The week is checked by the contract's schema (times count only where the type takes them), as the server will.
  const { form, body, fieldErrors } = useSchemaForm({
    schema: AvailabilityDefaultsRequest,
    initialValues: { days: [] as AvailabilityDefaultDay[] },
    toBody: (v) => ({ days: v.days.map((d) => (timed(d.type) ? d : { ...d, start: null, end: null })) }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is fixed for the card's life
  useEffect(() => {
    if (!query.data) return;
    form.setValues({ days: query.data.days });
    form.resetDirty({ days: query.data.days });
  }, [query.data]);
  const days = query.data ? form.values.days : null;
  const save = useMutation({
    mutationFn: (week: AvailabilityDefaultsRequest) => availabilityCalls.saveDefaults(membership, week),
    meta: { handled: (error: ApiError) => handleInvalid(error, fieldErrors) },
    onSuccess: () => {
      notify('success', t('availabilityPage.defaultsSaved'));
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
  const dirty = Boolean(days && query.data && JSON.stringify(days) !== JSON.stringify(query.data.days));
  const set = (weekday: number, patch: Partial<AvailabilityDefaultDay>) =>
    form.setFieldValue(
      'days',
      form.values.days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)),
    );
  const options = [
    { value: '', label: t('availabilityPage.noDefault') },
    ...CHOOSABLE.map((type) => ({ value: type, label: t(`roster.availability.${type}`) })),
  ];

  return (
    <Card withBorder padding="md" data-testid="availability-defaults">
      <Title order={3} size="h5">
        {t('availabilityPage.defaultsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('availabilityPage.defaultsIntro')}
      </Text>
      {query.isPending || !days ? (
        <Skeleton h={160} />
      ) : query.isError ? (
        <Alert color="red">{t('availabilityPage.loadFailed')}</Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(body(values)))}>
          <Stack gap="xs">
            {days.map((d, i) => {
              const label = formatWeekday(dayjs(MONDAY).add(d.weekday, 'day').format('YYYY-MM-DD'), lang, 'long');
              const withTimes = timed(d.type);
              return (
                <Group key={d.weekday} gap="xs" align="flex-start" wrap="wrap" data-testid={`default-${d.weekday}`}>
                  <Text size="sm" w={96} pt={6} fw={500}>
                    {label}
                  </Text>
                  <Select
                    aria-label={t('availabilityPage.defaultFor', { day: label })}
                    data={options}
                    value={d.type ?? ''}
                    onChange={(v) => set(d.weekday, { type: (v || null) as AvailabilityDefaultType | null })}
                    allowDeselect={false}
                    disabled={!editable}
                    w={150}
                  />
                  {withTimes && (
                    <Group gap={6} wrap="nowrap">
                      <TimeInput
                        aria-label={t('availabilityPage.fromOn', { day: label })}
                        value={d.start ?? ''}
                        onChange={(e) => set(d.weekday, { start: e.currentTarget.value || null })}
                        error={form.errors[`days.${i}.start`]}
                        disabled={!editable}
                        w={96}
                      />
                      <TimeInput
                        aria-label={t('availabilityPage.untilOn', { day: label })}
                        value={d.end ?? ''}
                        onChange={(e) => set(d.weekday, { end: e.currentTarget.value || null })}
                        error={form.errors[`days.${i}.end`]}
                        disabled={!editable}
                        w={96}
                      />
                    </Group>
                  )}
                </Group>
              );
            })}
            {editable && (
              <Group justify="flex-end">
                <Button type="submit" disabled={!dirty} loading={save.isPending} data-testid="defaults-save">
                  {t('availabilityPage.defaultsSave')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Card>
  );
}
