import {
  BillableHoursResponse,
  FreelancerInvoice,
  type FreelancerInvoiceCreate,
  FreelancerInvoicesResponse,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFile, get, post, saveFile } from '../../app/api';
import { queryClient } from '../../app/queryClient';

/** Query keys of freelancer invoices, built in one place. */
export const freelanceKeys = {
  all: ['freelancer-invoices'] as const,
  list: () => [...freelanceKeys.all, 'list'] as const,
  billable: (from: string, until: string) => [...freelanceKeys.all, 'billable', from, until] as const,
};

export const invoicesQuery = () =>
  queryOptions({
    queryKey: freelanceKeys.list(),
    queryFn: () => get(FreelancerInvoicesResponse, '/api/freelancer-invoices'),
  });

export const billableQuery = (from: string, until: string) =>
  queryOptions({
    queryKey: freelanceKeys.billable(from, until),
    queryFn: () => get(BillableHoursResponse, `/api/freelancer-invoices/billable?from=${from}&until=${until}`),
    placeholderData: keepPreviousData,
  });

export const afterInvoicesChange = () => queryClient.invalidateQueries({ queryKey: freelanceKeys.all });

export const createInvoice = (body: FreelancerInvoiceCreate) =>
  post(FreelancerInvoice, '/api/freelancer-invoices', body);
export const payInvoice = (id: string) => post(FreelancerInvoice, `/api/freelancer-invoices/${id}/paid`);
export const rejectInvoice = (id: string, reason: string) =>
  post(FreelancerInvoice, `/api/freelancer-invoices/${id}/reject`, { reason });

/** Downloads the invoice's PDF. */
export async function downloadInvoicePdf(id: string) {
  const answer = await apiFile('GET', `/api/freelancer-invoices/${id}/pdf`);
  if ('file' in answer) saveFile(answer.file, answer.fileName);
}
