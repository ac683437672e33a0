import { ErrorBody, MailDeliveryQuery, MailDeliveryResponse, MailIdParams, MailResendResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { listUndelivered, resendAllMail, resendMail } from './mail';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** The settings page "Mail delivery": what could not be delivered, and sending it again. */
export function mailDeliveryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  r.get(
    '/api/settings/mail',
    { schema: { tags, querystring: MailDeliveryQuery, response: { 200: MailDeliveryResponse, ...errors } } },
    async (request) => listUndelivered(ctx, actorOf(request), request.query),
  );
  r.post(
    '/api/settings/mail/resend',
    { schema: { tags, response: { 200: MailResendResponse, ...errors } } },
    async (request) => resendAllMail(ctx, actorOf(request)),
  );
  r.post(
    '/api/settings/mail/:id/resend',
    { schema: { tags, params: MailIdParams, response: { 200: MailResendResponse, ...errors } } },
    async (request) => resendMail(ctx, actorOf(request), request.params.id),
  );
}
