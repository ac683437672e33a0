import { CompanyFileParams, CompanyPage, CompanyPageUpdate, ErrorBody, UPLOAD_MAX_BYTES } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { actorOf } from '../../platform/http';
import * as service from './service';

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
const tags = ['company'];

/** The one file of a multipart body (more than one is refused). */
async function readFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (file) throw fieldError({ file: ['documents.errors.oneFile'] });
    file = { name: part.filename, bytes };
  }
  if (!file) throw fieldError({ file: ['validation.required'] });
  return file;
}

/** The company page (docs/product/company.md; module company). */
export function companyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/company', { schema: { tags, response: { 200: CompanyPage, ...errors } } }, async (request) =>
    service.getCompanyPage(ctx, actorOf(request)),
  );
  r.put(
    '/api/company',
    { schema: { tags, body: CompanyPageUpdate, response: { 200: CompanyPage, ...errors } } },
    async (request) => service.updateCompanyPage(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/company/files/:id',
    { schema: { tags, params: CompanyFileParams, response: { 200: CompanyPage, ...errors } } },
    async (request) => service.deleteCompanyFile(ctx, actorOf(request), request.params.id),
  );
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 200, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/company/files',
      {
        bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], response: { 201: CompanyPage, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addCompanyFile(ctx, actorOf(request), await readFile(request))),
    );
  });
}
