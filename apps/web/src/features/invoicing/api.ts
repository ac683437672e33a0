import {
  ClientBilling,
  type ClientBillingUpdate,
  ClientInvoiceDetail,
  type ClientInvoiceDraftRequest,
  type ClientInvoiceStatus,
  ClientInvoicesResponse,
  type ClientInvoiceUpdate,
  OkResponse,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { del, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';

/** Invoices to clients (docs/product/invoicing.md): owners and managers with the clients module. */
const clientInvoiceKeys = {
  all: ['clientInvoices'] as const,
  list: (clientId: string | null, status: ClientInvoiceStatus | null) =>
    [...clientInvoiceKeys.all, 'list', clientId, status] as const,
  one: (id: string) => [...clientInvoiceKeys.all, 'one', id] as const,
  billing: (clientId: string) => [...clientInvoiceKeys.all, 'billing', clientId] as const,
};

export const clientInvoicesQuery = (clientId: string | null, status: ClientInvoiceStatus | null) =>
  queryOptions({
    queryKey: clientInvoiceKeys.list(clientId, status),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (clientId) params.set('clientId', clientId);
      if (status) params.set('status', status);
      const qs = params.toString();
      return (await get(ClientInvoicesResponse, `/api/client-invoices${qs ? `?${qs}` : ''}`)).invoices;
    },
    placeholderData: keepPreviousData,
  });

export const clientInvoiceQuery = (id: string) =>
  queryOptions({
    queryKey: clientInvoiceKeys.one(id),
    queryFn: () => get(ClientInvoiceDetail, `/api/client-invoices/${id}`),
  });

export const clientBillingQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientInvoiceKeys.billing(clientId),
    queryFn: () => get(ClientBilling, `/api/client-billing/${clientId}`),
  });

/** Every list and invoice reads again after a change. */
export const afterInvoiceChange = () => queryClient.invalidateQueries({ queryKey: clientInvoiceKeys.all });

/**
 * An open list or invoice stays current: another manager's change, or a draft the drafting job wrote, arrives as
 * `ClientInvoiceUpdated` and the invoices read again.
 */
export function useClientInvoiceEvents() {
  useEffect(() => onRealtime('ClientInvoiceUpdated', () => void afterInvoiceChange()), []);
}

export const draftInvoice = (body: ClientInvoiceDraftRequest) =>
  post(ClientInvoiceDetail, '/api/client-invoices', body);
export const saveInvoiceLines = (id: string, body: ClientInvoiceUpdate) =>
  put(ClientInvoiceDetail, `/api/client-invoices/${id}`, body);
export const deleteInvoice = (id: string) => del(OkResponse, `/api/client-invoices/${id}`);
export const issueInvoice = (id: string) => post(ClientInvoiceDetail, `/api/client-invoices/${id}/issue`, {});
export const sendInvoice = (id: string) => post(ClientInvoiceDetail, `/api/client-invoices/${id}/send`, {});
export const saveClientBilling = (clientId: string, body: ClientBillingUpdate) =>
  put(ClientBilling, `/api/client-billing/${clientId}`, body);

/** Where the browser downloads an issued invoice's PDF or XML (a plain link: the session cookie goes along). */
export const clientInvoiceFileUrl = (id: string, kind: 'pdf' | 'xml') => `/api/client-invoices/${id}/${kind}`;
