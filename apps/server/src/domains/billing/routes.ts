import { CalendarDate, ErrorBody, InvoiceDetail, InvoiceListResponse, matching } from '@app/contracts';
import { now } from '@app/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { actorOf } from '../../platform/http';
import { exportDirectDebits } from './sepa';
import * as service from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['billing'];
const IdParams = z.object({ id: z.uuid() });

const sendFile = (reply: FastifyReply, file: service.InvoiceFile, disposition = 'attachment') =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.content);

/**
 * The subscription's invoices (docs/product/billing.md): the owner's list, one invoice, its PDF and XML; the
 * public signed link to the PDF; and the operators' direct-debit file for the bank.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/invoices', { schema: { tags, response: { 200: InvoiceListResponse, ...errors } } }, async (request) =>
    service.listInvoices(ctx, actorOf(request)),
  );
  r.get(
    '/api/invoices/:id',
    { schema: { tags, params: IdParams, response: { 200: InvoiceDetail, ...errors } } },
    async (request) => service.getInvoice(ctx, actorOf(request), request.params.id),
  );
  for (const kind of ['pdf', 'xml'] as const) {
    r.get(
      `/api/invoices/:id/${kind}`,
      {
        schema: {
          tags,
          params: IdParams,
          response: { 200: z.string().meta({ description: `The invoice as ${kind.toUpperCase()}.` }), ...errors },
        },
      },
      async (request, reply) =>
        sendFile(reply, await service.invoiceFile(ctx, actorOf(request), request.params.id, kind)),
    );
  }
  // The link in the invoice mail (`/{lang}/i/{id}/{hash}` in the web app leads here): the hash is the credential.
  r.get(
    '/api/i/:id/:hash',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        params: z.object({ id: z.uuid(), hash: matching(/^[A-Za-z0-9_-]{32}$/) }),
        response: { 200: z.string().meta({ description: 'The invoice PDF.' }), 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendFile(reply, await service.sharedInvoicePdf(ctx, request.params.id, request.params.hash)),
  );
  // Operators (super users) fetch the due direct debits as a pain.008 file for the bank.
  r.post(
    '/api/operator/direct-debits',
    {
      schema: {
        tags,
        body: z.object({ collectionDate: CalendarDate }),
        response: {
          200: z.string().meta({ description: 'The pain.008 file.' }),
          204: z.null().meta({ description: 'Nothing is due.' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!actor.superUser) throw new AppError('FORBIDDEN');
      // Spans every account by design: the owner's handle.
      const file = await exportDirectDebits(ctx, ctx.owner, request.body.collectionDate, now());
      if (!file) return reply.code(204).send(null);
      return sendFile(reply, {
        fileName: file.fileName,
        contentType: 'application/xml',
        content: Buffer.from(file.xml),
      });
    },
  );
}
