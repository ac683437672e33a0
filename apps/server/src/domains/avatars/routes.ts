import {
  AVATAR_UPLOAD_TYPES,
  AvatarEntry,
  AvatarsResponse,
  ErrorBody,
  OkResponse,
  UPLOAD_MAX_BYTES,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { actorOf } from '../../platform/http';
import { type AvatarImage, avatarImage, deleteAvatar, listAvatars, uploadAvatar } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.uuid() });
const UserParams = z.object({ user: z.uuid() });
/** The version the address names; only a cache-buster, any value answers the current picture. */
const VersionQuery = z.object({ v: z.coerce.number().int().min(0).optional() });
const tags = ['avatars'];

/** What an upload may be sent as; the bytes decide what it is. */
const UPLOAD_TYPES = [...AVATAR_UPLOAD_TYPES, 'application/octet-stream'];

/**
 * Pictures are kept by the browser (private: they belong to the account) for a day; a new upload gets a new
 * address (its version), and an unchanged picture answers 304 to a revalidation.
 */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: AvatarImage) {
  reply
    .header('cache-control', 'private, max-age=86400')
    .header('etag', image.etag)
    .header('x-content-type-options', 'nosniff');
  // An SVG is a document: it may draw, never script, whatever page opens it.
  if (image.mime === 'image/svg+xml')
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  return reply.type(image.mime).send(image.content);
}

/** Profile pictures: upload, removal, the account's list, and the pictures themselves (docs/product/members.md). */
export function avatarRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/avatars', { schema: { tags, response: { 200: AvatarsResponse, ...errors } } }, async (request) =>
    listAvatars(ctx, actorOf(request)),
  );
  r.get(
    '/api/gravatar',
    { schema: { tags, querystring: VersionQuery, response: { 200: z.unknown(), 304: z.unknown(), ...errors } } },
    async (request, reply) => sendImage(request, reply, await avatarImage(ctx, actorOf(request), null)),
  );
  r.get(
    '/api/gravatar/:user/user',
    {
      schema: {
        tags,
        params: UserParams,
        querystring: VersionQuery,
        response: { 200: z.unknown(), 304: z.unknown(), ...errors },
      },
    },
    async (request, reply) => sendImage(request, reply, await avatarImage(ctx, actorOf(request), request.params.user)),
  );
  r.delete(
    '/api/memberships/:id/avatar',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteAvatar(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  // The upload sends the picture's bytes as the body, in a scope of its own that reads images up to the general
  // upload limit (413 beyond it); the 2 MB rule of pictures answers 422 on the file field.
  app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/memberships/:id/avatar',
        { schema: { tags, params: IdParams, consumes: UPLOAD_TYPES, response: { 201: AvatarEntry, ...errors } } },
        async (request, reply) => {
          if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
          const saved = await uploadAvatar(ctx, actorOf(request), request.params.id, request.body);
          return reply.code(201).send(saved);
        },
      );
  });
}
