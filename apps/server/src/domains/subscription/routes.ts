import {
  CodeRequest,
  DeleteAccountRequest,
  DeleteAccountResponse,
  ErrorBody,
  InvoiceDetailsRequest,
  MandateRequest,
  PlanRequest,
  SESSION_COOKIE,
  SubscriptionResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { deleteAccount, exportAccount } from './account-data';
import * as svc from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 422: ErrorBody };
const answers = { 200: SubscriptionResponse, ...errors };
const tags = ['subscription'];
const ExportBody = z.string().meta({ description: 'Everything the account holds, as a JSON attachment.' });

/**
 * The owner's subscription (docs/product/subscription.md), all under /api/subscription: the owner of an expired
 * account reaches this prefix too. Every call answers 403 to anyone but an owner. No call takes an id: each works on
 * the actor's own account.
 */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/subscription', { schema: { tags, response: answers } }, async (request) =>
    svc.getSubscription(ctx, actorOf(request)),
  );
  r.put('/api/subscription/plan', { schema: { tags, body: PlanRequest, response: answers } }, async (request) =>
    svc.setPlan(ctx, actorOf(request), request.body),
  );
  r.put(
    '/api/subscription/invoice-details',
    { schema: { tags, body: InvoiceDetailsRequest, response: answers } },
    async (request) => svc.setInvoiceDetails(ctx, actorOf(request), request.body),
  );
  r.post('/api/subscription/mandate', { schema: { tags, body: MandateRequest, response: answers } }, async (request) =>
    svc.addMandate(ctx, actorOf(request), request.body),
  );
  r.post('/api/subscription/subscribe', { schema: { tags, response: answers } }, async (request) =>
    svc.subscribe(ctx, actorOf(request)),
  );
  r.post('/api/subscription/cancel', { schema: { tags, response: answers } }, async (request) =>
    svc.cancel(ctx, actorOf(request)),
  );
  r.post('/api/subscription/resume', { schema: { tags, response: answers } }, async (request) =>
    svc.resume(ctx, actorOf(request)),
  );
  r.post('/api/subscription/license', { schema: { tags, body: CodeRequest, response: answers } }, async (request) =>
    svc.redeemLicense(ctx, actorOf(request), request.body),
  );
  r.post('/api/subscription/discount', { schema: { tags, body: CodeRequest, response: answers } }, async (request) =>
    svc.applyDiscount(ctx, actorOf(request), request.body),
  );
  r.get(
    '/api/subscription/export',
    { schema: { tags, response: { 200: ExportBody, ...errors } } },
    async (request, reply) => {
      const file = await exportAccount(ctx, actorOf(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
  r.delete(
    '/api/subscription/account',
    { schema: { tags, body: DeleteAccountRequest, response: { 200: DeleteAccountResponse, ...errors } } },
    async (request, reply) => {
      await deleteAccount(ctx, actorOf(request), request.body.companyName);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { deleted: true as const };
    },
  );
}
