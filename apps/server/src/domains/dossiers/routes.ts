import { DossierEntryInput, DossierEntryResponse, DossierResponse, ErrorBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { addDossierEntry, deleteDossierEntry, readDossier, updateDossierEntry } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const tags = ['dossiers'];

/** A member's dossier: read by its keepers and (shared entries) by the member; written by its keepers. */
export function dossierRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/members/:id/dossier',
    { schema: { tags, params: IdParams, response: { 200: DossierResponse, ...errors } } },
    async (request) => readDossier(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/members/:id/dossier',
    { schema: { tags, params: IdParams, body: DossierEntryInput, response: { 200: DossierEntryResponse, ...errors } } },
    async (request) => addDossierEntry(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/dossier/:id',
    { schema: { tags, params: IdParams, body: DossierEntryInput, response: { 200: DossierEntryResponse, ...errors } } },
    async (request) => updateDossierEntry(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/dossier/:id',
    { schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.string() }), ...errors } } },
    async (request) => deleteDossierEntry(ctx, actorOf(request), request.params.id),
  );
}
