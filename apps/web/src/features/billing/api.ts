import { InvoiceDetail, InvoiceListResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { formatDate, formatLongDate } from '../../ui/format';

/** The subscription's invoices (docs/product/billing.md): owners only; the server refuses everyone else. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: () => [...invoiceKeys.all, 'list'] as const,
  one: (id: string) => [...invoiceKeys.all, id] as const,
};

export const invoicesQuery = queryOptions({
  queryKey: invoiceKeys.list(),
  queryFn: async () => await get(InvoiceListResponse, '/api/invoices'),
});

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.one(id),
    queryFn: async () => await get(InvoiceDetail, `/api/invoices/${id}`),
  });

/** Where the browser downloads an invoice's PDF or XML (a plain link: the session cookie goes along). */
export const invoiceFileUrl = (id: string, kind: 'pdf' | 'xml') => `/api/invoices/${id}/${kind}`;

/** Euro amounts as the reader writes them. */
export const formatEuro = (cents: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A calendar date (YYYY-MM-DD) as the reader writes it: it names a day, so it is formatted in UTC. */
export const formatInvoiceDate = (date: string, lang: string, style: 'medium' | 'long' = 'medium'): string =>
  style === 'long' ? formatLongDate(date, lang) : formatDate(date, lang);

/** A VAT rate in basis points as a percentage (1900 → "19"). */
export const formatRate = (bp: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(bp / 100);
