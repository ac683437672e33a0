import { DossierEntryInput, DossierEntryResponse, DossierResponse, ErrorBody, UPLOAD_MAX_BYTES } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readForm } from '../../platform/multipart';
import {
  addDossierEntry,
  attachToDossierEntry,
  deleteDossierEntry,
  readDossier,
  removeDossierAttachment,
  updateDossierEntry,
} from './service';

const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  503: ErrorBody,
};
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
  r.delete(
    '/api/dossier-attachments/:id',
    { schema: { tags, params: IdParams, response: { 200: DossierEntryResponse, ...errors } } },
    async (request) => removeDossierAttachment(ctx, actorOf(request), request.params.id),
  );
  // Multipart only in this scope: one file up to the general limit (413 beyond it).
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 2, parts: 4 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/dossier/:id/attachments',
      {
        bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 201: DossierEntryResponse, ...errors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { name, bytes } = await readForm(request);
        return reply.code(201).send(await attachToDossierEntry(ctx, actor, request.params.id, { name, bytes }));
      },
    );
  });
}
