import {
  DownloadJobResponse,
  type DownloadRequest,
  ExportJobResponse,
  type PayrollRequest,
  type ReportFilters,
  type ReportKind,
  ReportOptionsResponse,
  ReportPreviewResponse,
  type SavedReportInput,
  SavedReportResponse,
  SavedReportsResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFile, apiVoid, get, post, put, saveFile } from '../../app/api';

/** Calls of reports (/api/reports, registered hours) and lists (/api/lists, planned items). */
const base = (kind: ReportKind) => (kind === 'report' ? '/api/reports' : '/api/lists');

export const reportKeys = {
  all: (kind: ReportKind) => ['reports', kind] as const,
  options: (kind: ReportKind) => [...reportKeys.all(kind), 'options'] as const,
  saved: (kind: ReportKind) => [...reportKeys.all(kind), 'saved'] as const,
  preview: (kind: ReportKind, f: ReportFilters) => [...reportKeys.all(kind), 'preview', f] as const,
  job: (id: string) => ['exports', id] as const,
};

export const optionsQuery = (kind: ReportKind) =>
  queryOptions({
    queryKey: reportKeys.options(kind),
    queryFn: async () => await get(ReportOptionsResponse, `${base(kind)}/options`),
    staleTime: 60_000,
  });

export const savedQuery = (kind: ReportKind) =>
  queryOptions({
    queryKey: reportKeys.saved(kind),
    queryFn: async () => (await get(SavedReportsResponse, `${base(kind)}/saved`)).saved,
  });

export const previewQuery = (kind: ReportKind, filters: ReportFilters) =>
  queryOptions({
    queryKey: reportKeys.preview(kind, filters),
    queryFn: async () => await post(ReportPreviewResponse, `${base(kind)}/preview`, filters),
    staleTime: 15_000,
  });

export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: reportKeys.job(id),
    queryFn: async () => (await get(ExportJobResponse, `/api/exports/${encodeURIComponent(id)}`)).job,
    refetchInterval: (q) => (q.state.data?.state === 'done' || q.state.data?.state === 'failed' ? false : 1000),
  });

export const createSaved = async (kind: ReportKind, body: SavedReportInput) =>
  (await post(SavedReportResponse, `${base(kind)}/saved`, body)).saved;
export const updateSaved = async (kind: ReportKind, id: string, body: SavedReportInput) =>
  (await put(SavedReportResponse, `${base(kind)}/saved/${encodeURIComponent(id)}`, body)).saved;
export const deleteSaved = (kind: ReportKind, id: string) =>
  apiVoid('DELETE', `${base(kind)}/saved/${encodeURIComponent(id)}`);

/** A download: saved at once when small, or a job id to follow when big. */
export async function download(kind: ReportKind, body: DownloadRequest): Promise<{ job: string } | null> {
  const result = await apiFile('POST', `${base(kind)}/download`, body);
  if ('file' in result) {
    saveFile(result.file, result.fileName);
    return null;
  }
  return { job: DownloadJobResponse.parse(result.json).job };
}

export async function exportPayroll(body: PayrollRequest): Promise<void> {
  const result = await apiFile('POST', '/api/reports/payroll', body);
  if ('file' in result) saveFile(result.file, result.fileName);
}
