import { ContactsResponse, ErrorBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { listContacts } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody };

/** The address book of the contacts module (docs/product/members.md). */
export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/contacts',
      { schema: { tags: ['contacts'], response: { 200: ContactsResponse, ...errors } } },
      async (request) => listContacts(ctx, actorOf(request)),
    );
}
