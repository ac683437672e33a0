import {
  ClientBilling,
  ClientBillingUpdate,
  ClientIdParams,
  ClientInvoiceDetail,
  ClientInvoiceDraftRequest,
  ClientInvoiceIdParams,
  ClientInvoicesQuery,
  ClientInvoicesResponse,
  ClientInvoiceUpdate,
  ErrorBody,
  OkResponse,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as service from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['invoicing'];

const sendFile = (reply: FastifyReply, file: { fileName: string; contentType: string; content: Buffer }) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.content);

/** The invoices to clients and a client's invoicing settings (docs/product/invoicing.md). */
export function invoicingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/client-invoices',
    { schema: { tags, querystring: ClientInvoicesQuery, response: { 200: ClientInvoicesResponse, ...errors } } },
    async (request) => service.listClientInvoices(ctx, actorOf(request), request.query),
  );
  r.post(
    '/api/client-invoices',
    { schema: { tags, body: ClientInvoiceDraftRequest, response: { 201: ClientInvoiceDetail, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await service.draftClientInvoice(ctx, actorOf(request), request.body)),
  );
  r.get(
    '/api/client-invoices/:id',
    { schema: { tags, params: ClientInvoiceIdParams, response: { 200: ClientInvoiceDetail, ...errors } } },
    async (request) => service.getClientInvoice(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/client-invoices/:id',
    {
      schema: {
        tags,
        params: ClientInvoiceIdParams,
        body: ClientInvoiceUpdate,
        response: { 200: ClientInvoiceDetail, ...errors },
      },
    },
    async (request) => service.updateClientInvoice(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/client-invoices/:id',
    { schema: { tags, params: ClientInvoiceIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await service.deleteClientInvoice(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/client-invoices/:id/issue',
    { schema: { tags, params: ClientInvoiceIdParams, response: { 200: ClientInvoiceDetail, ...errors } } },
    async (request) => service.issueClientInvoice(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/client-invoices/:id/send',
    { schema: { tags, params: ClientInvoiceIdParams, response: { 200: ClientInvoiceDetail, ...errors } } },
    async (request) => service.sendClientInvoice(ctx, actorOf(request), request.params.id),
  );
  for (const kind of ['pdf', 'xml'] as const) {
    r.get(
      `/api/client-invoices/:id/${kind}`,
      {
        schema: {
          tags,
          params: ClientInvoiceIdParams,
          response: { 200: z.string().meta({ description: `The invoice as ${kind.toUpperCase()}.` }), ...errors },
        },
      },
      async (request, reply) =>
        sendFile(reply, await service.clientInvoiceFile(ctx, actorOf(request), request.params.id, kind)),
    );
  }
  r.get(
    '/api/client-billing/:id',
    { schema: { tags, params: ClientIdParams, response: { 200: ClientBilling, ...errors } } },
    async (request) => service.getClientBilling(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/client-billing/:id',
    {
      schema: { tags, params: ClientIdParams, body: ClientBillingUpdate, response: { 200: ClientBilling, ...errors } },
    },
    async (request) => service.updateClientBilling(ctx, actorOf(request), request.params.id, request.body),
  );
}
