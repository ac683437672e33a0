import {
  type DownloadField,
  type DownloadFormat,
  REPORT_RANGE_MAX_DAYS,
  type ReportFilters,
  type ReportGroup,
  type ReportKind,
  type SavedReport,
  SavedReportInput,
} from '@app/contracts';
import { addDays, daysBetween, todayIn } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api';
import { errorMessage } from '../../../app/apiErrors';
import { notify } from '../../../app/notify';
import { useSession } from '../../../app/session';
import { useSchemaForm } from '../../../ui/useSchemaForm';
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
} from '../api';

export const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
export const lastOfMonth = (first: string) => {
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

/** The name and labels of a report being saved, and whether it is saved as a new one. */
type SavingDraft = { name: string; labels: string[]; asNew: boolean };

/** The report builder's state, its queries (options, saved reports, preview, export job) and its writes. */
export function useReportBuilder(kind: ReportKind) {
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
  const [saving, setDraft] = useState<SavingDraft | null>(null);
  // The save dialog's name and labels, checked by the contract's schema as the server will check them.
  const saveForm = useSchemaForm({
    schema: SavedReportInput.pick({ name: true, labels: true }),
    initialValues: { name: '', labels: [] as string[] },
  });
  /** Opens the save dialog with a draft (null closes it). */
  const setSaving = (draft: SavingDraft | null) => {
    setDraft(draft);
    if (!draft) return;
    saveForm.form.setValues({ name: draft.name, labels: draft.labels });
    saveForm.form.clearErrors();
  };
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

  const set = (patch: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...patch }));

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
    mutationFn: async (input: SavingDraft) => {
      const body = { name: input.name, labels: input.labels, filters: clean, fields, group };
      return savedId && !input.asNew ? updateSaved(kind, savedId, body) : createSaved(kind, body);
    },
    meta: { form: saveForm.fieldErrors },
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

  return {
    today,
    lastMonth,
    filters,
    set,
    fields,
    setFields,
    group,
    setGroup,
    format,
    setFormat,
    savedId,
    saving,
    setSaving,
    job,
    fieldsError,
    setFieldsError,
    payrollError,
    payrollAsk,
    setPayrollAsk,
    options,
    saved,
    rangeOk,
    clean,
    preview,
    jobState,
    downloading,
    startDownload,
    payroll,
    save,
    remove,
    open,
    current,
    saveForm,
  };
}

export type ReportBuilderState = ReturnType<typeof useReportBuilder>;
