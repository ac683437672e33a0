import {
  BillableHoursResponse,
  ErrorBody,
  FreelancerInvoice,
  FreelancerInvoiceCreate,
  FreelancerInvoiceParams,
  FreelancerInvoiceReject,
  FreelancerInvoicesResponse,
  FreelancerPeriodQuery,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as service from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

const sendPdf = (reply: FastifyReply, file: { fileName: string; content: Buffer }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.content);

/** Freelancer invoices (docs/product/freelance.md; module freelancers). */
export function freelanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['freelancer-invoices'];
  r.get(
    '/api/freelancer-invoices',
    { schema: { tags, response: { 200: FreelancerInvoicesResponse, ...errors } } },
    async (request) => service.listInvoices(ctx, actorOf(request)),
  );
  r.get(
    '/api/freelancer-invoices/billable',
    { schema: { tags, querystring: FreelancerPeriodQuery, response: { 200: BillableHoursResponse, ...errors } } },
    async (request) => service.billableHours(ctx, actorOf(request), request.query),
  );
  r.post(
    '/api/freelancer-invoices',
    { schema: { tags, body: FreelancerInvoiceCreate, response: { 201: FreelancerInvoice, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.createInvoice(ctx, actorOf(request), request.body)),
  );
  r.get(
    '/api/freelancer-invoices/:id',
    { schema: { tags, params: FreelancerInvoiceParams, response: { 200: FreelancerInvoice, ...errors } } },
    async (request) => service.getInvoice(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/freelancer-invoices/:id/pdf',
    {
      schema: {
        tags,
        params: FreelancerInvoiceParams,
        response: { 200: z.string().meta({ description: 'The invoice as PDF.' }), ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, await service.invoicePdfFile(ctx, actorOf(request), request.params.id)),
  );
  r.post(
    '/api/freelancer-invoices/:id/paid',
    { schema: { tags, params: FreelancerInvoiceParams, response: { 200: FreelancerInvoice, ...errors } } },
    async (request) => service.payInvoice(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/freelancer-invoices/:id/reject',
    {
      schema: {
        tags,
        params: FreelancerInvoiceParams,
        body: FreelancerInvoiceReject,
        response: { 200: FreelancerInvoice, ...errors },
      },
    },
    async (request) => service.rejectInvoice(ctx, actorOf(request), request.params.id, request.body.reason),
  );
}
