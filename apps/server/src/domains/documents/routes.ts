import {
  DocumentOwners,
  DocumentsView,
  DownloadQuery,
  ErrorBody,
  OkResponse,
  UPLOAD_MAX_BYTES,
  UploadEntry,
  UploadFields,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { actorOf } from '../../platform/http';
import { deleteUpload, documentOwners, download, listDocuments, type UploadInput, uploadFile } from './service';

const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  410: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  503: ErrorBody,
};
const IdParams = z.object({ id: z.uuid() });
const tags = ['documents'];

/** The multipart body of an upload: one file and the fields `key` and `type`; more than one file is refused. */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Read to its end even when it is one too many: the limit (413) is the stream's to tell.
      const bytes = await part.toBuffer();
      if (file) throw fieldError({ file: ['documents.errors.oneFile'] });
      file = { name: part.filename, bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  const parsed = UploadFields.safeParse(fields);
  if (!parsed.success)
    throw fieldError(
      Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'key'), ['validation.invalid']])),
    );
  if (!file) throw fieldError({ file: ['validation.required'] });
  return { key: parsed.data.key, hr: parsed.data.type === 'hr', name: file.name, bytes: file.bytes };
}

/** `attachment; filename=…` with the name in ASCII and, for every other character, RFC 5987's UTF-8 form. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Uploads and documents (docs/product/documents.md). */
export function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/documents/members', { schema: { tags, response: { 200: DocumentOwners, ...errors } } }, async (request) =>
    documentOwners(ctx, actorOf(request)),
  );
  r.get(
    '/api/memberships/:id/documents',
    { schema: { tags, params: IdParams, response: { 200: DocumentsView, ...errors } } },
    async (request) => listDocuments(ctx, actorOf(request), request.params.id),
  );
  r.delete(
    '/api/uploads/:id',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteUpload(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  // The link is the credential (signed, expiring): no session needed, so it opens in a new tab or a download.
  r.get(
    '/api/uploads/:id',
    {
      config: { auth: 'public' },
      schema: { tags, params: IdParams, querystring: DownloadQuery, response: { 200: z.unknown(), ...errors } },
    },
    async (request, reply) => {
      const file = await download(ctx, request.params.id, request.query.token);
      return reply
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .type(file.mime)
        .send(file.bytes);
    },
  );
  // Multipart only in this scope: one file up to the general limit (413 beyond it), a few small fields.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 200, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/memberships/:id/upload',
      {
        bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 201: UploadEntry, ...errors },
        },
      },
      async (request, reply) => {
        const input = await readUpload(request);
        const saved = await uploadFile(ctx, actorOf(request), request.params.id, input);
        return reply.code(201).send(saved);
      },
    );
  });
}
