import {
  BREAK_OPTIONS,
  type HoursLine,
  type HoursOptionsResponse,
  RegisterHoursRequest,
  type TravelRole,
  UpdateHoursRequest,
} from '@app/contracts';
import { addDays, parseHHmm, spanMinutes } from '@app/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { formatWeekdayDate } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import { centsToText, textToCents } from '../../ui/money';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { hoursKeys, registerHours, updateHours } from './api';
import { formatMinutes } from './format';

/** A day as the dialog's title names it, in the one format of the language. */
const dayLabel = (date: string, lang: string) => formatWeekdayDate(date, lang, 'long');

/** Unplanned hours are for a recent day: today and the 30 days before, newest first. */
function recentDays(today: string, lang: string) {
  return Array.from({ length: 31 }, (_, i) => {
    const date = addDays(today, -i);
    return { value: date, label: formatWeekdayDate(date, lang) };
  });
}

export type FormTarget =
  | { kind: 'item'; line: HoursLine }
  | { kind: 'edit'; line: HoursLine }
  | { kind: 'unplanned'; date: string };

interface Values {
  member: string;
  location: string;
  date: string | null;
  from: string;
  until: string;
  break: string;
  costCentre: string | null;
  comment: string;
  expenses: string;
  travelKm: number | string;
  travelRole: TravelRole | '';
}

function initial(target: FormTarget, options: HoursOptionsResponse, lang: string): Values {
  if (target.kind === 'unplanned')
    return {
      member: options.members[0]?.id ?? '',
      location: options.locations[0]?.id ?? '',
      date: target.date,
      from: '',
      until: '',
      break: '0',
      costCentre: options.costCentres.find((c) => c.isDefault)?.id ?? null,
      comment: '',
      expenses: '',
      travelKm: '',
      travelRole: '',
    };
  const l = target.line;
  return {
    member: l.member.id,
    location: l.location.id,
    date: l.date,
    from: l.from ?? '',
    until: l.until ?? '',
    break: String(l.break),
    costCentre: l.costCentre?.id ?? options.costCentres.find((c) => c.isDefault)?.id ?? null,
    comment: l.comment,
    expenses: centsToText(l.expensesCents, lang),
    travelKm: l.travelKm ?? '',
    travelRole: l.travelRole ?? '',
  };
}

/**
 * Registering or changing hours: begin, end, break, cost centre, comment, and (with the rights) expenses in euro
 * and travel in km with how one travelled. The dialog names the day; the form is checked against the contract's
 * schema before it is sent (docs/product/hours.md), the server's field errors land on the same fields, and a saved
 * registration is confirmed as "worked as planned" is.
 */
export function HoursForm({
  target,
  options,
  onClose,
}: {
  target: FormTarget | null;
  options: HoursOptionsResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const title =
    target?.kind === 'edit'
      ? t('hours.form.editTitle')
      : target?.kind === 'unplanned'
        ? t('hours.form.unplannedTitle')
        : t('hours.form.registerTitle');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        target && target.kind !== 'unplanned' ? (
          <span data-testid="hours-form-title">
            {title} · {dayLabel(target.line.date, lang)}
          </span>
        ) : (
          <span data-testid="hours-form-title">{title}</span>
        )
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
    >
      {target && <FormBody target={target} options={options} onClose={onClose} />}
    </Modal>
  );
}

function FormBody({
  target,
  options,
  onClose,
}: {
  target: FormTarget;
  options: HoursOptionsResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();

  // The request the values become: the fields one may fill, and whose and where for an unplanned day.
  const toBody = (v: Values) => {
    const km = v.travelKm === '' ? null : Number(v.travelKm);
    const fields = {
      from: v.from,
      until: v.until,
      break: Number(v.break),
      costCentre: v.costCentre,
      comment: v.comment,
      ...(options.may.expenses ? { expensesCents: textToCents(v.expenses) as number | null } : {}),
      ...(options.may.travel ? { travelKm: km, travelRole: km ? v.travelRole || null : null } : {}),
    };
    if (target.kind === 'edit') return fields;
    if (target.kind === 'item') return { ...fields, item: target.line.item ?? undefined };
    return {
      ...fields,
      location: v.location,
      date: v.date ?? undefined,
      member: v.member !== options.members[0]?.id ? v.member : undefined,
    };
  };
  const { form, body, fieldErrors } = useSchemaForm<Values, RegisterHoursRequest>({
    schema: target.kind === 'edit' ? UpdateHoursRequest : RegisterHoursRequest,
    initialValues: initial(target, options, lang),
    toBody,
    rename: { expensesCents: 'expenses' },
  });
  const v = form.values;

  const mutation = useMutation({
    mutationFn: (request: RegisterHoursRequest) =>
      target.kind === 'edit' ? updateHours(target.line.id as string, request) : registerHours(request),
    meta: { form: fieldErrors },
    onSuccess: () => {
      notify('success', t(target.kind === 'edit' ? 'hours.done.saved' : 'hours.done.registered'));
      void queryClient.invalidateQueries({ queryKey: hoursKeys.all });
      onClose();
    },
  });

  const submit = form.onSubmit((values) => mutation.mutate(body(values)));

  const from = parseHHmm(v.from);
  const until = parseHHmm(v.until);
  const worked = from !== null && until !== null && from !== until ? spanMinutes(from, until) - Number(v.break) : null;
  const line = target.kind === 'unplanned' ? null : target.line;
  const travelling = Number(v.travelKm) > 0;
  return (
    <form onSubmit={submit} noValidate data-testid="hours-form">
      <Stack gap="md">
        {line && (
          <Text size="sm" c="dimmed">
            {line.member.name} · {line.location.name}
            {line.duty ? ` · ${line.duty.name}` : ''}
            {line.planned ? ` · ${t('hours.planned', { from: line.planned.from, until: line.planned.until })}` : ''}
          </Text>
        )}
        {line?.status === 'denied' && line.denialMessage && (
          <Alert color="red" title={t('hours.deniedTitle')} data-testid="denial-message">
            {line.denialMessage}
          </Alert>
        )}
        {target.kind === 'unplanned' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {options.may.others && options.members.length > 1 && (
              <Select
                label={t('hours.form.member')}
                data={options.members.map((m) => ({ value: m.id, label: m.name }))}
                searchable
                allowDeselect={false}
                {...form.getInputProps('member')}
              />
            )}
            <Select
              label={t('hours.form.location')}
              data={options.locations.map((l) => ({ value: l.id, label: l.name }))}
              allowDeselect={false}
              required
              data-testid="hours-location"
              {...form.getInputProps('location')}
            />
            <Select
              label={t('hours.form.date')}
              required
              data={recentDays(target.date, lang)}
              allowDeselect={false}
              data-testid="hours-date"
              {...form.getInputProps('date')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 3 }} spacing="xs">
          <TimeInput label={t('hours.form.from')} required data-testid="hours-from" {...form.getInputProps('from')} />
          <TimeInput
            label={t('hours.form.until')}
            required
            data-testid="hours-until"
            {...form.getInputProps('until')}
          />
          <Select
            label={t('hours.form.break')}
            data={BREAK_OPTIONS.map((b) => ({ value: String(b), label: t('hours.minutes', { count: b }) }))}
            allowDeselect={false}
            data-testid="hours-break"
            {...form.getInputProps('break')}
          />
        </SimpleGrid>
        {worked !== null && (
          <Text size="sm" data-testid="hours-worked" c={worked < 0 ? 'red.8' : undefined}>
            {worked < 0 ? t('errors.ERR_NEGATIVE') : t('hours.form.worked', { time: formatMinutes(worked) })}
          </Text>
        )}
        <Select
          label={t('hours.form.costCentre')}
          data={options.costCentres.map((c) => ({ value: c.id, label: c.name }))}
          allowDeselect={false}
          {...form.getInputProps('costCentre')}
        />
        {(options.may.expenses || options.may.travel) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {options.may.expenses && (
              <MoneyInput
                label={t('hours.form.expenses')}
                data-testid="hours-expenses"
                {...form.getInputProps('expenses')}
              />
            )}
            {options.may.travel && (
              <Stack gap={6}>
                <NumberInput
                  label={t('hours.form.travelKm')}
                  min={0}
                  max={2000}
                  allowDecimal={false}
                  suffix=" km"
                  description={t('hours.form.travelKmHint')}
                  data-testid="hours-travel-km"
                  {...form.getInputProps('travelKm')}
                />
                <Radio.Group
                  label={t('hours.form.travelRole')}
                  description={t('hours.form.travelRoleHint')}
                  required={travelling}
                  data-testid="hours-travel-role"
                  {...form.getInputProps('travelRole')}
                >
                  <Group gap="lg" mt={4}>
                    <Radio value="driver" label={t('hours.travel.driverLabel')} data-testid="hours-travel-driver" />
                    <Radio
                      value="passenger"
                      label={t('hours.travel.passengerLabel')}
                      data-testid="hours-travel-passenger"
                    />
                  </Group>
                </Radio.Group>
              </Stack>
            )}
          </SimpleGrid>
        )}
        <Textarea
          label={t('hours.form.comment')}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="hours-submit">
            {target.kind === 'edit' ? t('common.save') : t('hours.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
