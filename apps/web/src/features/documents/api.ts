import {
  DocumentOwners,
  DocumentsView,
  OkResponse,
  type PayslipAssignments,
  PayslipRun,
  PayslipSplit,
  UploadEntry,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { del, get, post } from '../../app/api';

/** Query keys of members' documents; a file's link ends after UPLOAD_LINK_MINUTES, so lists refresh before that. */
export const documentKeys = {
  all: ['documents'] as const,
  of: (membershipId: string) => ['documents', 'file', membershipId] as const,
  owners: ['documents', 'owners'] as const,
};

const LINK_REFRESH_MS = 10 * 60_000;

export const documentsQuery = (membershipId: string) =>
  queryOptions({
    queryKey: documentKeys.of(membershipId),
    queryFn: () => get(DocumentsView, `/api/memberships/${membershipId}/documents`),
    refetchInterval: LINK_REFRESH_MS,
  });

export const ownersQuery = queryOptions({
  queryKey: documentKeys.owners,
  queryFn: () => get(DocumentOwners, '/api/documents/members'),
});

export interface UploadRequest {
  /** A profile upload field's id, or a folder. */
  key: string;
  file: File;
  /** Filed by a manager as an HR document. */
  hr: boolean;
}

/** Sends one file as multipart (key, type, file): the server checks its bytes. */
export function uploadFile(membershipId: string, { key, file, hr }: UploadRequest) {
  const form = new FormData();
  form.append('key', key);
  if (hr) form.append('type', 'hr');
  form.append('file', file, file.name);
  return post(UploadEntry, `/api/memberships/${membershipId}/upload`, form);
}

export const deleteUpload = (id: string) => del(OkResponse, `/api/uploads/${id}`);

/** Sends the payroll PDF to be read: whose payslip each page is; nothing is filed. */
export function splitPayslips(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post(PayslipSplit, '/api/payslips/split', form);
}

/** Files the payroll PDF's pages as assigned, for this month. */
export function runPayslips(file: File, month: string, assignments: PayslipAssignments) {
  const form = new FormData();
  form.append('month', month);
  form.append('assignments', JSON.stringify(assignments));
  form.append('file', file, file.name);
  return post(PayslipRun, '/api/payslips', form);
}
