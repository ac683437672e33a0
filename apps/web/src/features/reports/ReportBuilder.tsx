import {
  type DownloadField,
  type DownloadFormat,
  REPORT_GROUPS,
  REPORT_RANGE_MAX_DAYS,
  type ReportFilters,
  type ReportGroup,
  type ReportKind,
  type ReportStatus,
  type SavedReport,
} from '@app/contracts';
import { addDays, daysBetween, todayIn } from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconReceipt2 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../app/api';
import { errorMessage, fieldMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { PageTitle } from '../../ui/PageTitle';
import { formatMinutes } from '../hours/format';
import {
  createSaved,
  deleteSaved,
  download,
  exportPayroll,
  jobQuery,
  optionsQuery,
  previewQuery,
  reportKeys,
  savedQuery,
  updateSaved,
} from './api';
import { ReportTotals } from './ReportTotals';

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
const lastOfMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
};
const DEFAULT_FIELDS: DownloadField[] = [
  'lname',
  'fname',
  'date',
  'from',
  'until',
  'break',
  'total',
  'status',
  'location',
];

/** Keeps only the filters that say something, so saved reports and query keys stay small. */
function cleanFilters(f: ReportFilters): ReportFilters {
  const out: ReportFilters = { from: f.from, until: f.until };
  if (f.locations?.length) out.locations = f.locations;
  if (f.members?.length) out.members = f.members;
  if (f.duties?.length) out.duties = f.duties;
  if (f.costCentres?.length) out.costCentres = f.costCentres;
  if (f.statuses?.length) out.statuses = f.statuses;
  return out;
}

/**
 * The reports (`reports`: registered hours, accountants) and lists (`lists`: planned items, planners) screens of
 * docs/product/reports.md, "Reports and downloads": filters, saved reports with labels, a preview, the download field
 * picker with xlsx or CSV per employee, client or planning (big ones as a job with progress and a link), and for
 * reports the payroll export.
 */
export function ReportBuilder({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const init = useSession();
  const queryClient = useQueryClient();
  const today = todayIn(init.account.settings.timeZone);
  const lastMonth = firstOfMonth(addDays(firstOfMonth(today), -1));
  const [filters, setFilters] = useState<ReportFilters>({ from: lastMonth, until: lastOfMonth(lastMonth) });
  const [fields, setFields] = useState<DownloadField[]>(DEFAULT_FIELDS);
  const [group, setGroup] = useState<ReportGroup>('employee');
  const [format, setFormat] = useState<DownloadFormat>('xlsx');
  const [savedId, setSavedId] = useState<string | null>(null);
  const [saving, setSaving] = useState<{ name: string; labels: string[]; asNew: boolean } | null>(null);
  const [job, setJob] = useState<string | null>(null);
  const [fieldsError, setFieldsError] = useState<string | null>(null);
  const [payrollError, setPayrollError] = useState<string | null>(null);
  const [payrollAsk, setPayrollAsk] = useState(false);

  const options = useQuery(optionsQuery(kind));
  const saved = useQuery(savedQuery(kind));
  // The server caps a report at REPORT_RANGE_MAX_DAYS; a range being typed is not sent until it fits.
  const rangeOk =
    /^\d{4}-\d{2}-\d{2}$/.test(filters.from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(filters.until) &&
    filters.from <= filters.until &&
    daysBetween(filters.from, filters.until) < REPORT_RANGE_MAX_DAYS;
  const clean = cleanFilters(filters);
  const preview = useQuery({
    ...previewQuery(kind, clean),
    enabled: rangeOk,
    // A range the server refuses is already marked on the field.
    meta: { handled: (error: ApiError) => error.status === 422 },
  });
  const jobState = useQuery({ ...jobQuery(job ?? ''), enabled: job !== null });

  const o = options.data;
  const prefix = kind === 'report' ? 'reports' : 'lists';
  const set = (patch: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const ref = (list: { id: string; name: string }[] | undefined) =>
    (list ?? []).map((x) => ({ value: x.id, label: x.name }));

  const downloading = useMutation({
    mutationFn: () => download(kind, { filters: clean, fields, format, group }),
    onSuccess: (result) => {
      if (result) setJob(result.job);
      else notify('success', t('reports.downloaded'));
    },
  });
  const startDownload = () => {
    if (!fields.length) {
      setFieldsError(t('validation.fieldsRequired'));
      return;
    }
    setFieldsError(null);
    setJob(null);
    downloading.mutate();
  };

  const payroll = useMutation({
    mutationFn: () => exportPayroll({ from: clean.from, until: clean.until, locations: clean.locations, format }),
    meta: {
      handled: (error: ApiError) => {
        if (error.status !== 409) return false;
        setPayrollError(errorMessage(error.body));
        return true;
      },
    },
    onSuccess: () => {
      setPayrollError(null);
      notify('success', t('reports.payroll.done'));
      void queryClient.invalidateQueries({ queryKey: reportKeys.all(kind) });
    },
    onSettled: () => setPayrollAsk(false),
  });

  const save = useMutation({
    mutationFn: async (input: { name: string; labels: string[]; asNew: boolean }) => {
      const body = { name: input.name, labels: input.labels, filters: clean, fields, group };
      return savedId && !input.asNew ? updateSaved(kind, savedId, body) : createSaved(kind, body);
    },
    meta: {
      handled: (error: ApiError) => error.status === 422,
    },
    onSuccess: (row) => {
      setSavedId(row.id);
      setSaving(null);
      notify('success', t('reports.saved.done'));
      void queryClient.invalidateQueries({ queryKey: reportKeys.saved(kind) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSaved(kind, id),
    onSuccess: () => {
      setSavedId(null);
      void queryClient.invalidateQueries({ queryKey: reportKeys.saved(kind) });
    },
  });

  const open = (row: SavedReport | undefined) => {
    setSavedId(row?.id ?? null);
    if (!row) return;
    setFilters({ ...row.filters });
    setFields(row.fields.length ? row.fields : DEFAULT_FIELDS);
    setGroup(row.group);
  };
  const current = saved.data?.find((s) => s.id === savedId);
  const saveErrors = isApiError(save.error) ? save.error.body?.fields : undefined;

  if (options.isError)
    return (
      <Alert color="red" title={t(`${prefix}.loadFailed`)}>
        <Button mt="sm" variant="light" onClick={() => options.refetch()}>
          {t('hours.retry')}
        </Button>
      </Alert>
    );

  const statusLabel = (s: string) => t(`reports.status.${s}`);
  const p = preview.data;

  return (
    <div data-testid={`${prefix}-page`}>
      <PageTitle title={t(`${prefix}.title`)} subtitle={t(`${prefix}.subtitle`)} />
      <Stack gap="lg">
        <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-saved-title`}>
          <Title order={3} size="h4" id={`${prefix}-saved-title`} mb="sm">
            {t(`${prefix}.saved.title`)}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t(`${prefix}.saved.pick`)}
              placeholder={t('reports.saved.none')}
              data={(saved.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={savedId}
              onChange={(id) => open(saved.data?.find((s) => s.id === id))}
              clearable
              searchable
              w={260}
              maw="100%"
            />
            <Button
              variant="light"
              onClick={() => setSaving({ name: current?.name ?? '', labels: current?.labels ?? [], asNew: !current })}
            >
              {current ? t('reports.saved.update') : t(`${prefix}.saved.save`)}
            </Button>
            {current && (
              <>
                <Button variant="subtle" onClick={() => setSaving({ name: '', labels: current.labels, asNew: true })}>
                  {t('reports.saved.saveAs')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(current.id)}
                >
                  {t('reports.saved.delete')}
                </Button>
              </>
            )}
          </Group>
          {current && current.labels.length > 0 && (
            <Group gap={6} mt="sm" aria-label={t('reports.saved.labels')}>
              {current.labels.map((l) => (
                <Badge key={l} variant="light">
                  {l}
                </Badge>
              ))}
            </Group>
          )}
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-filters-title`}>
          <Title order={3} size="h4" id={`${prefix}-filters-title`} mb="sm">
            {t('reports.filters.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput
              type="date"
              label={t('reports.filters.from')}
              data-testid="report-from"
              value={filters.from}
              onChange={(e) => set({ from: e.currentTarget.value })}
              required
            />
            <TextInput
              type="date"
              label={t('reports.filters.until')}
              data-testid="report-until"
              value={filters.until}
              onChange={(e) => set({ until: e.currentTarget.value })}
              error={rangeOk ? undefined : t('validation.range')}
              required
            />
            <Group gap="xs" align="flex-end">
              <Button
                variant="default"
                size="sm"
                onClick={() => set({ from: firstOfMonth(today), until: lastOfMonth(firstOfMonth(today)) })}
              >
                {t('reports.filters.thisMonth')}
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => set({ from: lastMonth, until: lastOfMonth(lastMonth) })}
              >
                {t('reports.filters.lastMonth')}
              </Button>
            </Group>
            <MultiSelect
              label={t('reports.filters.locations')}
              placeholder={t('reports.filters.all')}
              data={ref(o?.locations)}
              value={filters.locations ?? []}
              onChange={(v) => set({ locations: v })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('reports.filters.members')}
              placeholder={t('reports.filters.all')}
              data={ref(o?.members)}
              value={filters.members ?? []}
              onChange={(v) => set({ members: v })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('reports.filters.duties')}
              placeholder={t('reports.filters.all')}
              data={ref(o?.duties)}
              value={filters.duties ?? []}
              onChange={(v) => set({ duties: v })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('reports.filters.costCentres')}
              placeholder={t('reports.filters.all')}
              data={ref(o?.costCentres)}
              value={filters.costCentres ?? []}
              onChange={(v) => set({ costCentres: v })}
              searchable
              clearable
            />
            <MultiSelect
              label={t('reports.filters.statuses')}
              placeholder={t('reports.filters.all')}
              data={(o?.statuses ?? []).map((s) => ({ value: s, label: statusLabel(s) }))}
              value={filters.statuses ?? []}
              onChange={(v) => set({ statuses: v as ReportStatus[] })}
              clearable
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-preview-title`}>
          <Title order={3} size="h4" id={`${prefix}-preview-title`} mb="xs">
            {t('reports.preview.title')}
          </Title>
          {p && (
            <Stack gap="sm">
              <ReportTotals kind={kind} preview={p} />
              <Group gap={6}>
                {Object.entries(p.statuses).map(([s, n]) => (
                  <Badge key={s} variant="outline" color="gray">
                    {statusLabel(s)}: {n}
                  </Badge>
                ))}
              </Group>
              {p.lines.length > 0 ? (
                // A focusable region, so keyboard users scroll it too (axe: scrollable-region-focusable).
                <Box
                  className="report-preview"
                  tabIndex={0}
                  role="region"
                  aria-label={t('reports.preview.title')}
                  style={{ overflow: 'auto', maxHeight: 360 }}
                >
                  <Table striped stickyHeader miw={560}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('reports.columns.date')}</Table.Th>
                        <Table.Th>{t('reports.columns.member')}</Table.Th>
                        <Table.Th>{t('reports.columns.location')}</Table.Th>
                        <Table.Th>{t('reports.columns.times')}</Table.Th>
                        <Table.Th>{t('reports.columns.total')}</Table.Th>
                        <Table.Th>{t('reports.columns.status')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.lines.map((l) => (
                        <Table.Tr key={l.id}>
                          <Table.Td>{l.date}</Table.Td>
                          <Table.Td>
                            {l.member.id ? (l.member.name ?? t('roster.hiddenName')) : t('reports.openDuty')}
                          </Table.Td>
                          <Table.Td>{l.location.name}</Table.Td>
                          <Table.Td>{l.from && l.until ? `${l.from}–${l.until}` : '—'}</Table.Td>
                          <Table.Td>{formatMinutes(l.minutes)}</Table.Td>
                          <Table.Td>
                            {statusLabel(l.status)}
                            {l.paid ? ` · ${t('reports.paid')}` : ''}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Box>
              ) : (
                <Text c="dimmed">{t('reports.preview.empty')}</Text>
              )}
              {p.total > p.lines.length && (
                <Text size="sm" c="dimmed">
                  {t('reports.preview.more', { shown: p.lines.length, count: p.total })}
                </Text>
              )}
            </Stack>
          )}
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-download-title`}>
          <Title order={3} size="h4" id={`${prefix}-download-title`} mb="sm">
            {t('reports.download.title')}
          </Title>
          <Stack>
            <Checkbox.Group
              label={t('reports.download.fields')}
              value={fields}
              onChange={(v) => {
                setFields(v as DownloadField[]);
                if (v.length) setFieldsError(null);
              }}
              error={fieldsError}
            >
              <Group gap="xs" my={6}>
                <Button size="xs" variant="subtle" onClick={() => setFields([...(o?.fields ?? [])])}>
                  {t('reports.download.all')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setFields([])}>
                  {t('reports.download.none')}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
                {(o?.fields ?? []).map((f) => (
                  <Checkbox key={f} value={f} label={t(`reports.fields.${f}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group align="flex-start" gap="xl" wrap="wrap">
              <Radio.Group
                label={t('reports.download.group')}
                value={group}
                onChange={(v) => setGroup(v as ReportGroup)}
              >
                <Group gap="md" mt={6}>
                  {REPORT_GROUPS.map((g) => (
                    <Radio key={g} value={g} label={t(`reports.groups.${g}`)} />
                  ))}
                </Group>
              </Radio.Group>
              <Radio.Group
                label={t('reports.download.format')}
                value={format}
                onChange={(v) => setFormat(v as DownloadFormat)}
              >
                <Group gap="md" mt={6}>
                  <Radio value="xlsx" label={t('reports.download.xlsx')} />
                  <Radio value="csv" label={t('reports.download.csv')} />
                </Group>
              </Radio.Group>
            </Group>
            <Group>
              <Button
                leftSection={<IconDownload size={16} />}
                onClick={startDownload}
                loading={downloading.isPending}
                disabled={!rangeOk}
              >
                {t('reports.download.button')}
              </Button>
            </Group>
            {job && jobState.data && (
              <Stack gap={6} data-testid="export-job">
                <Text size="sm">{t(`reports.job.${jobState.data.state}`, { count: jobState.data.lines })}</Text>
                <Progress
                  value={jobState.data.progress}
                  aria-label={t('reports.job.progress')}
                  color={jobState.data.state === 'failed' ? 'red' : undefined}
                  animated={jobState.data.state !== 'done'}
                />
                {jobState.data.url && (
                  <Anchor href={jobState.data.url} download={jobState.data.fileName}>
                    {t('reports.job.link', { file: jobState.data.fileName })}
                  </Anchor>
                )}
              </Stack>
            )}
          </Stack>
        </Paper>

        {kind === 'report' && o?.payroll && (
          <Paper withBorder p="md" component="section" aria-labelledby="payroll-title">
            <Title order={3} size="h4" id="payroll-title" mb="xs">
              {t('reports.payroll.title')}
            </Title>
            <Text size="sm" mb="sm">
              {t('reports.payroll.rule')}
            </Text>
            {payrollError && (
              <Alert color="red" mb="sm" role="alert" data-testid="payroll-error">
                {payrollError}
              </Alert>
            )}
            <Button
              leftSection={<IconReceipt2 size={16} />}
              variant="light"
              disabled={!rangeOk}
              onClick={() => setPayrollAsk(true)}
            >
              {t('reports.payroll.button')}
            </Button>
          </Paper>
        )}
      </Stack>

      <Modal opened={payrollAsk} onClose={() => setPayrollAsk(false)} title={t('reports.payroll.title')}>
        <Text size="sm">{t('reports.payroll.confirm', { from: clean.from, until: clean.until })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPayrollAsk(false)}>
            {t('common.cancel')}
          </Button>
          <Button loading={payroll.isPending} onClick={() => payroll.mutate()}>
            {t('reports.payroll.go')}
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={saving !== null}
        onClose={() => setSaving(null)}
        title={saving?.asNew ? t(`${prefix}.saved.save`) : t('reports.saved.update')}
      >
        {saving && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(saving);
            }}
          >
            <Stack>
              <TextInput
                label={t('reports.saved.name')}
                value={saving.name}
                onChange={(e) => setSaving({ ...saving, name: e.currentTarget.value })}
                error={saveErrors?.name ? fieldMessage(saveErrors.name) : undefined}
                required
                data-autofocus
              />
              <TagsInput
                label={t('reports.saved.labels')}
                description={t('reports.saved.labelsHint')}
                value={saving.labels}
                onChange={(labels) => setSaving({ ...saving, labels })}
                maxTags={10}
                error={saveErrors?.labels ? fieldMessage(saveErrors.labels) : undefined}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setSaving(null)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('reports.saved.store')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </div>
  );
}
