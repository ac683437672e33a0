import {
  type CodeRequest,
  type InvoiceDetailsRequest,
  type MandateRequest,
  type PlanRequest,
  SubscriptionResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

export const subscriptionKeys = { all: ['subscription'] as const };

export const subscriptionQuery = queryOptions({
  queryKey: subscriptionKeys.all,
  queryFn: () => get(SubscriptionResponse, '/api/subscription'),
});

export const choosePlan = (body: PlanRequest) => put(SubscriptionResponse, '/api/subscription/plan', body);
export const saveInvoiceDetails = (body: InvoiceDetailsRequest) =>
  put(SubscriptionResponse, '/api/subscription/invoice-details', body);
export const addMandate = (body: MandateRequest) => post(SubscriptionResponse, '/api/subscription/mandate', body);
export const subscribe = () => post(SubscriptionResponse, '/api/subscription/subscribe');
export const cancelSubscription = () => post(SubscriptionResponse, '/api/subscription/cancel');
export const resumeSubscription = () => post(SubscriptionResponse, '/api/subscription/resume');
export const redeemLicense = (body: CodeRequest) => post(SubscriptionResponse, '/api/subscription/license', body);
export const applyDiscount = (body: CodeRequest) => post(SubscriptionResponse, '/api/subscription/discount', body);
export const deleteAccount = (companyName: string) => apiVoid('DELETE', '/api/subscription/account', { companyName });

/** The export is a plain GET with the session cookie: the browser downloads it as a file. */
export const EXPORT_URL = '/api/subscription/export';
