import {
  BREAK_OPTIONS,
  COUNTRIES,
  INDUSTRIES,
  type Industry,
  LOCALES,
  type ModuleKey,
  SETUP_DUTIES_MAX,
  SETUP_SHIFTS_MAX,
  SetupAccountData,
  SetupActivitiesData,
  SetupCompanyData,
  type SetupDuty,
  SetupFunctionsData,
  type SetupShift,
  type SetupState,
  type SetupStep,
} from '@app/contracts';
import { dependentsOf, parseEmployeeList, SETUP_MODULES, toggleModule } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  ColorInput,
  ColorSwatch,
  Group,
  List,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  IconBuildingStore,
  IconCheck,
  IconChefHat,
  IconHeartbeat,
  IconPlus,
  IconSparkles,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import './setup.css';

/** What a step hands back to be saved: its name and, for steps with input, the input. */
export type StepInput = { step: SetupStep; data?: unknown };

export interface StepProps {
  state: SetupState;
  /** Input of this step that did not validate when the owner went back. */
  unsaved: unknown;
  busy: boolean;
  /** Back or next, with the input to save (null: back with input that does not validate yet), and what to keep. */
  go: (direction: 'back' | 'next', input: StepInput | null, values?: unknown) => void;
  jump: (step: SetupStep) => void;
  finish: () => void;
}

/** Field errors of a zod result by dotted path: catalog keys (`validation.*`) or zod's messages. */
function errorsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!out[path]) out[path] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return out;
}

function Footer({
  onBack,
  onNext,
  busy,
  nextLabel,
  nextTestId = 'setup-next',
}: {
  onBack?: () => void;
  onNext: () => void;
  busy: boolean;
  nextLabel?: string;
  nextTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md" wrap="nowrap">
      {onBack ? (
        <Button variant="default" onClick={onBack} disabled={busy} data-testid="setup-back">
          {t('setupWizard.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button onClick={onNext} loading={busy} data-testid={nextTestId}>
        {nextLabel ?? t('setupWizard.next')}
      </Button>
    </Group>
  );
}

// Welcome

function WelcomeStep({ go, busy }: StepProps) {
  const { t } = useTranslation();
  const items = ['account', 'company', 'employees', 'functions', 'activities', 'modules'] as const;
  return (
    <Stack gap="md">
      <Text>{t('setupWizard.steps.welcome.intro')}</Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={22} radius="xl" variant="light">
            <IconCheck size={14} aria-hidden />
          </ThemeIcon>
        }
      >
        {items.map((s) => (
          <List.Item key={s}>
            <Text span fw={600}>
              {t(`setupWizard.steps.${s}.label`)}
            </Text>
            {' · '}
            <Text span c="dimmed">
              {t(`setupWizard.steps.${s}.summary`)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {t('setupWizard.steps.welcome.duration')}
      </Text>
      <Footer onNext={() => go('next', { step: 'welcome' })} busy={busy} nextLabel={t('setupWizard.start')} />
    </Stack>
  );
}

// Account

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/Berlin', 'Europe/Amsterdam', 'Europe/Warsaw', 'UTC'];
}

function AccountStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SetupAccountData>((unsaved as SetupAccountData) ?? state.account);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  const set = (patch: Partial<SetupAccountData>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (direction: 'back' | 'next') => {
    const result = SetupAccountData.safeParse(values);
    setErrors(errorsOf(result));
    if (result.success) go(direction, { step: 'account', data: result.data });
    else if (direction === 'back') go('back', null, values);
  };
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('setupWizard.steps.account.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('settings.general.country')}
          data={COUNTRIES.map((c) => ({ value: c, label: t(`settings.countries.${c}`) }))}
          value={values.country}
          onChange={(v) => v && set({ country: v as SetupAccountData['country'] })}
          allowDeselect={false}
          error={error('country')}
          data-testid="setup-country"
        />
        <Select
          label={t('settings.general.timeZone')}
          data={zones}
          value={values.timeZone}
          onChange={(v) => v && set({ timeZone: v })}
          searchable
          allowDeselect={false}
          limit={100}
          error={error('timeZone')}
          data-testid="setup-timezone"
        />
        <Select
          label={t('settings.general.locale')}
          description={t('settings.general.localeHint')}
          data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          value={values.locale}
          onChange={(v) => v && set({ locale: v as SetupAccountData['locale'] })}
          allowDeselect={false}
          data-testid="setup-locale"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="setup-week-label">
            {t('settings.general.weekStartsOn')}
          </Text>
          <SegmentedControl
            aria-labelledby="setup-week-label"
            data={(['monday', 'sunday'] as const).map((d) => ({
              value: d,
              label: t(`settings.general.weekdays.${d}`),
            }))}
            value={values.weekStartsOn}
            onChange={(v) => set({ weekStartsOn: v as SetupAccountData['weekStartsOn'] })}
            data-testid="setup-week"
          />
        </Stack>
      </SimpleGrid>
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

// Company

const INDUSTRY_ICONS: Record<Industry, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  gastronomy: IconChefHat,
  retail: IconBuildingStore,
  healthcare: IconHeartbeat,
  other: IconUsers,
};

type CompanyValues = { industry: Industry | null; companyName: string };

function CompanyStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CompanyValues>((unsaved as CompanyValues) ?? state.company);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changesDefaults = state.company.industry !== null && values.industry !== state.company.industry;
  const submit = (direction: 'back' | 'next') => {
    const result = SetupCompanyData.safeParse(values);
    setErrors(errorsOf(result));
    if (result.success) go(direction, { step: 'company', data: result.data });
    else if (direction === 'back') go('back', null, values);
  };
  return (
    <Stack gap="md">
      <TextInput
        label={t('setupWizard.steps.company.name')}
        required
        value={values.companyName}
        onChange={(e) => {
          const companyName = e.currentTarget.value;
          setValues((v) => ({ ...v, companyName }));
        }}
        error={errors.companyName ? t(errors.companyName) : undefined}
        data-testid="setup-company-name"
      />
      <Radio.Group
        label={t('setupWizard.steps.company.industry')}
        description={t('setupWizard.steps.company.industryHint')}
        required
        value={values.industry ?? ''}
        onChange={(v) => {
          setValues((old) => ({ ...old, industry: v as Industry }));
          setErrors(({ industry: _, ...rest }) => rest);
        }}
        error={errors.industry ? t('setupWizard.steps.company.industryRequired') : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
          {INDUSTRIES.map((industry) => {
            const Icon = INDUSTRY_ICONS[industry];
            return (
              <Radio.Card
                key={industry}
                value={industry}
                radius="md"
                p="md"
                className="setup-choice"
                data-testid={`setup-industry-${industry}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Icon size={22} aria-hidden />
                  <Box>
                    <Text fw={600}>{t(`setupWizard.industries.${industry}.name`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`setupWizard.industries.${industry}.hint`)}
                    </Text>
                  </Box>
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      {changesDefaults && (
        <Alert color="blue" variant="light">
          {t('setupWizard.steps.company.replacesDefaults')}
        </Alert>
      )}
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

// Employees

function EmployeesStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<string>((unsaved as string) ?? state.employees.list);
  const [tried, setTried] = useState(false);
  const parsed = useMemo(() => parseEmployeeList(list, { room: state.planRoom }), [list, state.planRoom]);
  const blocked = parsed.problems.length > 0;
  const submit = (direction: 'back' | 'next') => {
    setTried(true);
    if (!blocked) go(direction, { step: 'employees', data: { list } });
    else if (direction === 'back') go('back', null, list);
  };
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('setupWizard.steps.employees.intro')}</Text>
      <Textarea
        label={t('setupWizard.steps.employees.list')}
        description={t('setupWizard.steps.employees.formats')}
        placeholder={'Anna Schmidt <anna@example.com>\nBen Meyer, ben@example.com'}
        autosize
        minRows={5}
        maxRows={14}
        value={list}
        onChange={(e) => setList(e.currentTarget.value)}
        wrap="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="setup-employees"
      />
      {state.planRoom !== null && (
        <Text size="sm" c="dimmed">
          {t('setupWizard.steps.employees.room', { count: state.planRoom })}
        </Text>
      )}
      {parsed.people.length > 0 && (
        <Box>
          <Text fw={600} mb="xs" data-testid="setup-employees-count">
            {t('setupWizard.steps.employees.ready', { count: parsed.people.length })}
          </Text>
          <Table.ScrollContainer minWidth={280}>
            <Table striped withTableBorder verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('setupWizard.steps.employees.name')}</Table.Th>
                  <Table.Th>{t('setupWizard.steps.employees.email')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parsed.people.map((p) => (
                  <Table.Tr key={p.line}>
                    <Table.Td>{[p.fname, p.lname].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{p.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}
      {blocked && (
        <Alert
          color={tried ? 'red' : 'orange'}
          variant="light"
          title={t('setupWizard.steps.employees.problems', { count: parsed.problems.length })}
          data-testid="setup-employees-problems"
        >
          <List size="sm" spacing={4}>
            {parsed.problems.map((p) => (
              <List.Item key={p.line}>
                {t('setupWizard.steps.employees.line', { line: p.line })}:{' '}
                <Text span fw={600}>
                  {t(`setupWizard.problems.${p.problem}`)}
                </Text>
                {' · '}
                <Text span inherit c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {p.text}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {list.trim() === '' && (
        <Text size="sm" c="dimmed">
          {t('setupWizard.steps.employees.skip')}
        </Text>
      )}
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

// Functions (duties) and activities (shifts): editable rows

const COLORS = ['#e8590c', '#1c7ed6', '#7048e8', '#2f9e44', '#c2255c', '#1098ad', '#f08c00', '#495057'];

/** Identifiers used twice: the roster tells duties and shifts apart by them. */
function duplicateIdentifiers(rows: { identifier: string }[]): Set<number> {
  const seen = new Map<string, number>();
  const out = new Set<number>();
  rows.forEach((r, i) => {
    const key = r.identifier.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) {
      out.add(i);
      out.add(seen.get(key) as number);
    } else seen.set(key, i);
  });
  return out;
}

function RowCard({
  children,
  onRemove,
  removeLabel,
}: {
  children: ReactNode;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={removeLabel} mb={2}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function FunctionsStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SetupDuty[]>((unsaved as SetupDuty[]) ?? state.functions.duties);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const duplicates = duplicateIdentifiers(rows);
  const update = (i: number, patch: Partial<SetupDuty>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const submit = (direction: 'back' | 'next') => {
    const result = SetupFunctionsData.safeParse({ duties: rows });
    const found = errorsOf(result);
    for (const i of duplicates) found[`duties.${i}.identifier`] = 'validation.taken';
    setErrors(found);
    if (result.success && duplicates.size === 0) go(direction, { step: 'functions', data: result.data });
    else if (direction === 'back') go('back', null, rows);
  };
  const error = (i: number, field: string) => {
    const key = errors[`duties.${i}.${field}`];
    return key ? t(key) : undefined;
  };
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('setupWizard.steps.functions.intro')}</Text>
      {rows.map((row, i) => (
        <RowCard
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id before they are saved
          key={i}
          onRemove={() => setRows((r) => r.filter((_, j) => j !== i))}
          removeLabel={t('setupWizard.steps.functions.remove', { name: row.name || row.identifier })}
        >
          <Box className="setup-row setup-row-duty">
            <TextInput
              label={t('setupWizard.fields.identifier')}
              value={row.identifier}
              maxLength={5}
              onChange={(e) => update(i, { identifier: e.currentTarget.value })}
              error={error(i, 'identifier')}
              data-testid={`setup-duty-identifier-${i}`}
            />
            <ColorInput
              label={t('setupWizard.fields.color')}
              value={row.color}
              onChange={(color) => update(i, { color })}
              format="hex"
              swatches={COLORS}
              withEyeDropper={false}
              error={error(i, 'color')}
            />
            <TextInput
              label={t('setupWizard.fields.name')}
              value={row.name}
              onChange={(e) => update(i, { name: e.currentTarget.value })}
              error={error(i, 'name')}
              className="setup-row-wide"
              data-testid={`setup-duty-name-${i}`}
            />
          </Box>
        </RowCard>
      ))}
      {rows.length === 0 && <Alert color="gray">{t('setupWizard.steps.functions.none')}</Alert>}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setRows((r) => [...r, { identifier: '', name: '', color: COLORS[r.length % COLORS.length] }])}
        disabled={rows.length >= SETUP_DUTIES_MAX}
        style={{ alignSelf: 'flex-start' }}
        data-testid="setup-duty-add"
      >
        {t('setupWizard.steps.functions.add')}
      </Button>
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

function ActivitiesStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SetupShift[]>((unsaved as SetupShift[]) ?? state.activities.shifts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const duplicates = duplicateIdentifiers(rows);
  const update = (i: number, patch: Partial<SetupShift>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const submit = (direction: 'back' | 'next') => {
    const result = SetupActivitiesData.safeParse({ shifts: rows });
    const found = errorsOf(result);
    for (const i of duplicates) found[`shifts.${i}.identifier`] = 'validation.taken';
    rows.forEach((r, i) => {
      if (r.start && r.start === r.end) found[`shifts.${i}.end`] = 'setupWizard.steps.activities.sameTimes';
    });
    setErrors(found);
    const ok = result.success && Object.keys(found).length === 0;
    if (ok) go(direction, { step: 'activities', data: result.data });
    else if (direction === 'back') go('back', null, rows);
  };
  const error = (i: number, field: string) => {
    const key = errors[`shifts.${i}.${field}`];
    return key ? t(key) : undefined;
  };
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('setupWizard.steps.activities.intro')}</Text>
      {rows.map((row, i) => (
        <RowCard
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id before they are saved
          key={i}
          onRemove={() => setRows((r) => r.filter((_, j) => j !== i))}
          removeLabel={t('setupWizard.steps.activities.remove', { name: row.name || row.identifier })}
        >
          <Box className="setup-row setup-row-shift">
            <TextInput
              label={t('setupWizard.fields.identifier')}
              value={row.identifier}
              maxLength={5}
              onChange={(e) => update(i, { identifier: e.currentTarget.value })}
              error={error(i, 'identifier')}
              data-testid={`setup-shift-identifier-${i}`}
            />
            <TextInput
              label={t('setupWizard.fields.name')}
              value={row.name}
              onChange={(e) => update(i, { name: e.currentTarget.value })}
              error={error(i, 'name')}
              data-testid={`setup-shift-name-${i}`}
            />
            <TimeInput
              label={t('setupWizard.fields.start')}
              value={row.start}
              onChange={(e) => update(i, { start: e.currentTarget.value })}
              error={error(i, 'start')}
              data-testid={`setup-shift-start-${i}`}
            />
            <TimeInput
              label={t('setupWizard.fields.end')}
              value={row.end}
              onChange={(e) => update(i, { end: e.currentTarget.value })}
              error={error(i, 'end')}
              data-testid={`setup-shift-end-${i}`}
            />
            <Select
              label={t('setupWizard.fields.break')}
              data={BREAK_OPTIONS.map((b) => ({ value: String(b), label: t('setupWizard.minutes', { count: b }) }))}
              value={String(row.break)}
              onChange={(v) => v && update(i, { break: Number(v) as SetupShift['break'] })}
              allowDeselect={false}
            />
          </Box>
        </RowCard>
      ))}
      {rows.length === 0 && <Alert color="gray">{t('setupWizard.steps.activities.none')}</Alert>}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setRows((r) => [...r, { identifier: '', name: '', start: '09:00', end: '17:00', break: 30 }])}
        disabled={rows.length >= SETUP_SHIFTS_MAX}
        style={{ alignSelf: 'flex-start' }}
        data-testid="setup-shift-add"
      >
        {t('setupWizard.steps.activities.add')}
      </Button>
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

// Modules

function ModulesStep({ state, unsaved, go, busy }: StepProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ModuleKey[]>((unsaved as ModuleKey[]) ?? state.modules.modules);
  const [added, setAdded] = useState<ModuleKey[]>([]);
  const toggle = (key: ModuleKey, on: boolean) => {
    const result = toggleModule(selected, key, on);
    if (!result.ok) return;
    setSelected(result.modules);
    setAdded(result.alsoActivated);
  };
  const submit = (direction: 'back' | 'next') => go(direction, { step: 'modules', data: { modules: selected } });
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('setupWizard.steps.modules.intro')}</Text>
      {added.length > 0 && (
        <Alert color="blue" variant="light" data-testid="setup-modules-added">
          {t('setupWizard.steps.modules.alsoOn', { modules: added.map((m) => t(`modules.${m}.name`)).join(', ') })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {SETUP_MODULES.map((key) => {
          const on = selected.includes(key);
          const neededBy = dependentsOf(key).filter((d) => selected.includes(d));
          const locked = on && neededBy.length > 0;
          return (
            <Paper key={key} withBorder p="sm" radius="md" bg={on ? 'var(--mantine-color-blue-light)' : undefined}>
              <Checkbox
                checked={on}
                disabled={locked}
                // Needed by another selected module: on, and locked on, but not greyed out as if it were off.
                classNames={locked ? { root: 'setup-locked' } : undefined}
                onChange={(e) => toggle(key, e.currentTarget.checked)}
                label={
                  <Text fw={600} size="sm">
                    {t(`modules.${key}.name`)}
                  </Text>
                }
                description={
                  locked
                    ? t('setupWizard.steps.modules.neededBy', {
                        modules: neededBy.map((d) => t(`modules.${d}.name`)).join(', '),
                      })
                    : t(`modules.${key}.description`)
                }
                data-testid={`setup-module-${key}`}
              />
            </Paper>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('setupWizard.steps.modules.later')}
      </Text>
      <Footer onBack={() => submit('back')} onNext={() => submit('next')} busy={busy} />
    </Stack>
  );
}

// Done

function SummaryRow({
  label,
  step,
  jump,
  children,
}: {
  label: string;
  step: SetupStep;
  jump: (s: SetupStep) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Box>{children}</Box>
        </Box>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => jump(step)}
          aria-label={t('setupWizard.steps.done.change', { what: label })}
        >
          {t('setupWizard.steps.done.changeShort')}
        </Button>
      </Group>
    </Box>
  );
}

function DoneStep({ state, go, busy, jump, finish }: StepProps) {
  const { t } = useTranslation();
  const people = parseEmployeeList(state.employees.list, { room: state.planRoom }).people;
  const a = state.account;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="teal" radius="xl" style={{ flexShrink: 0 }}>
          <IconSparkles size={18} aria-hidden />
        </ThemeIcon>
        <Text>{t('setupWizard.steps.done.intro')}</Text>
      </Group>
      <Box data-testid="setup-summary">
        <SummaryRow label={t('setupWizard.steps.account.label')} step="account" jump={jump}>
          <Text>
            {[t(`settings.countries.${a.country}`), a.timeZone.replace(/_/g, ' '), t(`languages.${a.locale}`)].join(
              ' · ',
            )}
          </Text>
          <Text size="sm">
            {t('settings.general.weekStartsOn')}: {t(`settings.general.weekdays.${a.weekStartsOn}`)}
          </Text>
        </SummaryRow>
        <SummaryRow label={t('setupWizard.steps.company.label')} step="company" jump={jump}>
          <Text>
            {state.company.companyName}
            {state.company.industry && ` · ${t(`setupWizard.industries.${state.company.industry}.name`)}`}
          </Text>
        </SummaryRow>
        <SummaryRow label={t('setupWizard.steps.employees.label')} step="employees" jump={jump}>
          <Text>
            {people.length
              ? t('setupWizard.steps.done.invitations', { count: people.length })
              : t('setupWizard.steps.done.noInvitations')}
          </Text>
        </SummaryRow>
        <SummaryRow label={t('setupWizard.steps.functions.label')} step="functions" jump={jump}>
          <Group gap={6} mt={4}>
            {state.functions.duties.map((d) => (
              <Badge
                key={d.identifier}
                variant="default"
                tt="none"
                leftSection={<ColorSwatch color={d.color} size={10} withShadow={false} />}
              >
                {d.identifier} · {d.name}
              </Badge>
            ))}
          </Group>
        </SummaryRow>
        <SummaryRow label={t('setupWizard.steps.activities.label')} step="activities" jump={jump}>
          {state.activities.shifts.map((s) => (
            <Text key={s.identifier} size="sm">
              {s.identifier} · {s.name} · {s.start}–{s.end}
            </Text>
          ))}
        </SummaryRow>
        <SummaryRow label={t('setupWizard.steps.modules.label')} step="modules" jump={jump}>
          <Text size="sm">{state.modules.modules.map((m) => t(`modules.${m}.name`)).join(', ')}</Text>
        </SummaryRow>
      </Box>
      <Footer
        onBack={() => go('back', { step: 'done' })}
        onNext={finish}
        busy={busy}
        nextLabel={t('setupWizard.steps.done.finish')}
        nextTestId="setup-finish"
      />
    </Stack>
  );
}

export const STEP_VIEWS: Record<SetupStep, ComponentType<StepProps>> = {
  welcome: WelcomeStep,
  account: AccountStep,
  company: CompanyStep,
  employees: EmployeesStep,
  functions: FunctionsStep,
  activities: ActivitiesStep,
  modules: ModulesStep,
  done: DoneStep,
};
