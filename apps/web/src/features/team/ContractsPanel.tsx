import { CONTRACT_TYPES, ContractInput, type MemberContract } from '@app/contracts';
import { mayManageContractTemplates, memberFromInit, todayIn } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DateField } from '../../ui/DateField';
import { FormDialog } from '../../ui/FormDialog';
import { formatDate } from '../../ui/format';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { templatesListQuery } from '../settings/api';
import { contractsQuery, createContract, deleteContract, teamKeys, updateContract } from './api';
import { ContractRulesFields, type RulesValues, rulesToBody, rulesToValues } from './ContractRulesFields';
import { wordConflict } from './conflicts';
import { hoursToMinutes, minutesToHours } from './forms';
import { hoursOf, SoftBadge } from './people';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

interface Values {
  startDate: string;
  endDate: string;
  type: ContractInput['type'];
  weeklyHours: number | string;
  schedule: ContractInput['schedule'];
  dayHours: (number | string)[];
  daysPerWeek: number | string;
  vacationDays: number | string;
  permanent: boolean;
  signed: boolean;
  templateId: string | null;
  rosterRules: RulesValues;
}

const toValues = (c: MemberContract | null, today: string): Values => ({
  startDate: c?.startDate ?? today,
  endDate: c?.endDate ?? '',
  type: c?.type ?? 'part',
  weeklyHours: c ? minutesToHours(c.weeklyMinutes) : 20,
  schedule: c?.schedule ?? 'flexible',
  dayHours: c?.dayMinutes ? c.dayMinutes.map(minutesToHours) : [8, 8, 8, 8, 8, 0, 0],
  daysPerWeek: c?.daysPerWeek ?? 5,
  vacationDays: c?.vacationDays ?? 24,
  permanent: c?.permanent ?? true,
  signed: c?.signed ?? false,
  templateId: c?.templateId ?? null,
  rosterRules: rulesToValues(c?.rosterRules),
});

function toBody(v: Values): ContractInput {
  const dayMinutes = v.dayHours.map(hoursToMinutes);
  const fixed = v.schedule === 'fixed';
  return {
    startDate: v.startDate,
    endDate: v.endDate || null,
    type: v.type,
    weeklyMinutes: fixed ? dayMinutes.reduce((a, b) => a + b, 0) : hoursToMinutes(v.weeklyHours),
    schedule: v.schedule,
    dayMinutes: fixed ? dayMinutes : null,
    daysPerWeek: fixed ? null : Number(v.daysPerWeek) || null,
    vacationDays: Number(v.vacationDays) || 0,
    permanent: v.permanent,
    signed: v.signed,
    templateId: v.templateId || null,
    rosterRules: rulesToBody(v.rosterRules),
  };
}

/** A member's contracts: the running one marked, add, change and remove (for those who manage the team). */
export function ContractsPanel({ membershipId }: { membershipId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const today = todayIn(session.account.settings.timeZone);
  const contracts = useQuery(contractsQuery(membershipId));
  const [editing, setEditing] = useState<MemberContract | 'new' | null>(null);
  const queryClient = useQueryClient();
  const removal = useMutation({
    onError: wordConflict,
    mutationFn: (id: string) => deleteContract(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.contracts(membershipId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
      notify('success', t('team.contract.deleted'));
    },
  });
  const date = (d: string) => formatDate(d, lang);
  const running = (c: MemberContract) => c.startDate <= today && (c.endDate === null || c.endDate >= today);

  return (
    <Stack gap="md" data-testid="contracts-panel">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('team.contract.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="contract-add">
          {t('team.contract.add')}
        </Button>
      </Group>
      {contracts.isPending ? (
        <Skeleton height={96} />
      ) : contracts.isError ? (
        <Alert color="red">{t('team.loadFailed')}</Alert>
      ) : contracts.data.length === 0 ? (
        <Card withBorder padding="lg" data-testid="contracts-empty">
          <Text ta="center" c="dimmed">
            {t('team.contract.none')}
          </Text>
        </Card>
      ) : (
        contracts.data.map((c) => (
          <Card key={c.id} withBorder padding="md" data-testid="contract-card">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{t(`team.contract.type.${c.type}`)}</Text>
                  <SoftBadge color="blue">{t('team.hoursWeek', { hours: hoursOf(c.weeklyMinutes) })}</SoftBadge>
                  {running(c) && <SoftBadge color="teal">{t('team.contract.running')}</SoftBadge>}
                  <SoftBadge color="gray">
                    {t(c.permanent ? 'team.contract.permanent' : 'team.contract.temporary')}
                  </SoftBadge>
                  <SoftBadge color={c.signed ? 'teal' : 'orange'} data-testid="contract-signed-mark">
                    {t(c.signed ? 'team.contract.signedMark' : 'team.contract.unsignedMark')}
                  </SoftBadge>
                </Group>
                <Text size="sm" c="dimmed">
                  {c.endDate
                    ? t('team.contract.period', { from: date(c.startDate), until: date(c.endDate) })
                    : t('team.contract.since', { from: date(c.startDate) })}
                </Text>
                <Text size="sm">
                  {c.schedule === 'fixed' && c.dayMinutes
                    ? c.dayMinutes
                        .map((m, i) => (m ? `${t(`team.weekday.${i}`)} ${hoursOf(m)}` : null))
                        .filter(Boolean)
                        .join(' · ')
                    : t('team.contract.days', { count: c.daysPerWeek ?? 0 })}
                  {' · '}
                  {t('team.contract.vacation', { count: c.vacationDays })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('team.contract.edit')}
                  onClick={() => setEditing(c)}
                  data-testid="contract-edit"
                >
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('team.contract.delete')}
                  onClick={() =>
                    modals.openConfirmModal({
                      closeButtonProps: { 'aria-label': t('common.close') },
                      title: t('team.contract.deleteTitle'),
                      children: <Text size="sm">{t('team.contract.deleteText')}</Text>,
                      labels: { confirm: t('team.contract.delete'), cancel: t('common.cancel') },
                      confirmProps: { color: 'red' },
                      onConfirm: () => removal.mutate(c.id),
                    })
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        ))
      )}
      {editing && (
        <ContractForm
          membershipId={membershipId}
          contract={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ContractForm({
  membershipId,
  contract,
  today,
  onClose,
}: {
  membershipId: string;
  contract: MemberContract | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, fieldErrors } = useSchemaForm({
    schema: ContractInput,
    initialValues: toValues(contract, today),
    toBody,
    rename: { weeklyMinutes: 'weeklyHours', dayMinutes: 'dayHours' },
  });
  const mutation = useMutation({
    onError: wordConflict,
    mutationFn: (v: Values) => {
      const body = toBody(v);
      return contract ? updateContract(contract.id, body) : createContract(membershipId, body);
    },
    meta: { form: fieldErrors },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.contracts(membershipId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
      notify('success', t('team.contract.saved'));
      onClose();
    },
  });
  // The settings' templates: read by those who manage settings; the field stays hidden for others.
  const session = useSession();
  const templates = useQuery({
    ...templatesListQuery,
    enabled: mayManageContractTemplates(memberFromInit(session)),
    retry: false,
  });
  const fixed = form.values.schedule === 'fixed';
  const weekTotal = form.values.dayHours.reduce<number>((a, b) => a + (Number(b) || 0), 0);

  return (
    <FormDialog
      title={t(contract ? 'team.contract.edit' : 'team.contract.add')}
      onClose={onClose}
      onSubmit={form.onSubmit((v) => mutation.mutate(v))}
      saving={mutation.isPending}
      testId="contract-form"
      saveTestId="contract-save"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('team.contract.typeLabel')}
          allowDeselect={false}
          data={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`team.contract.type.${c}`) }))}
          data-testid="contract-type"
          {...form.getInputProps('type')}
        />
        <Stack gap="xs" mt={{ xs: 'xl' }}>
          <Switch label={t('team.contract.permanent')} {...form.getInputProps('permanent', { type: 'checkbox' })} />
          <Switch
            label={t('team.contract.signed')}
            data-testid="contract-signed"
            {...form.getInputProps('signed', { type: 'checkbox' })}
          />
        </Stack>
      </SimpleGrid>
      {templates.data && (
        <Select
          label={t('avatars.template')}
          description={t('avatars.templateHint')}
          clearable
          data-testid="contract-template"
          data={templates.data.map((x) => ({ value: x.id, label: x.name }))}
          {...form.getInputProps('templateId')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateField
          label={t('team.contract.start')}
          required
          clearable={false}
          data-testid="contract-start"
          {...form.getInputProps('startDate')}
          value={form.values.startDate}
          onChange={(v) => form.setFieldValue('startDate', v ?? '')}
        />
        <DateField
          label={t('team.contract.end')}
          required={!form.values.permanent}
          data-testid="contract-end"
          {...form.getInputProps('endDate')}
          value={form.values.endDate}
          onChange={(v) => form.setFieldValue('endDate', v ?? '')}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="contract-schedule">
          {t('team.contract.schedule')}
        </Text>
        <Radio.Group aria-labelledby="contract-schedule" {...form.getInputProps('schedule')}>
          <Group gap="lg">
            <Radio value="flexible" label={t('team.contract.flexible')} data-testid="contract-flexible" />
            <Radio value="fixed" label={t('team.contract.fixed')} data-testid="contract-fixed" />
          </Group>
        </Radio.Group>
      </Stack>
      {fixed ? (
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 4, sm: 7 }} spacing="xs">
            {WEEKDAYS.map((i) => (
              <NumberInput
                key={i}
                label={t(`team.weekday.${i}`)}
                min={0}
                max={24}
                step={0.5}
                decimalScale={2}
                hideControls
                {...form.getInputProps(`dayHours.${i}`)}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="contract-week-total">
            {t('team.contract.weekTotal', { hours: hoursOf(weekTotal * 60) })}
          </Text>
          {form.errors.dayHours && (
            <Text size="sm" c="red">
              {form.errors.dayHours}
            </Text>
          )}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('team.contract.weeklyHours')}
            min={0}
            max={168}
            step={0.5}
            decimalScale={2}
            data-testid="contract-hours"
            {...form.getInputProps('weeklyHours')}
          />
          <NumberInput
            label={t('team.contract.daysPerWeek')}
            min={1}
            max={7}
            allowDecimal={false}
            {...form.getInputProps('daysPerWeek')}
          />
        </SimpleGrid>
      )}
      <NumberInput
        label={t('team.contract.vacationDays')}
        min={0}
        max={366}
        allowDecimal={false}
        w={{ base: '100%', xs: '50%' }}
        {...form.getInputProps('vacationDays')}
      />
      <ContractRulesFields form={form} />
    </FormDialog>
  );
}
