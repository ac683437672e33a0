import {
  DownloadJobResponse,
  DownloadRequest,
  ErrorBody,
  ExportJobResponse,
  OkResponse,
  PayrollRequest,
  ReportFilters,
  type ReportKind,
  ReportOptionsResponse,
  ReportPreviewResponse,
  RosterMailRequest,
  RosterMailResponse,
  RosterPrintQuery,
  SavedReportInput,
  SavedReportResponse,
  SavedReportsResponse,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { mailRosterPdf, rosterPdf } from './roster-print';
import * as svc from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const Params = z.object({ id: z.uuid() });
const FileBody = z.string().meta({ description: 'The file (xlsx or CSV) as an attachment.' });

/** Sends a file as an attachment; the name is plain ASCII (dates and a kind). */
export function sendFile(reply: FastifyReply, file: svc.FileResult) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.content);
}

/**
 * Reports (module hours, accountants) under /api/reports and lists (module lists, planners) under /api/lists: the
 * same calls on registered hours and on planned items. The calls are ours (docs/architecture.md,
 * "Reports and lists"). Big downloads answer 202 with a job followed under /api/exports.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['report', 'list'] as const satisfies ReportKind[]) {
    const base = kind === 'report' ? '/api/reports' : '/api/lists';
    const tags = [kind === 'report' ? 'reports' : 'lists'];
    r.get(
      `${base}/options`,
      { schema: { tags, response: { 200: ReportOptionsResponse, ...errors } } },
      async (request) => svc.options(ctx, actorOf(request), kind),
    );
    r.post(
      `${base}/preview`,
      { schema: { tags, body: ReportFilters, response: { 200: ReportPreviewResponse, ...errors } } },
      async (request) => svc.preview(ctx, actorOf(request), kind, request.body),
    );
    r.post(
      `${base}/download`,
      {
        schema: {
          tags,
          body: DownloadRequest,
          response: { 200: FileBody, 202: DownloadJobResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await svc.download(ctx, actorOf(request), kind, request.body);
        if ('file' in result) return sendFile(reply, result.file);
        return reply.code(202).send(result);
      },
    );
    r.get(
      `${base}/saved`,
      { schema: { tags, response: { 200: SavedReportsResponse, ...errors } } },
      async (request) => ({ saved: await svc.listSaved(ctx, actorOf(request), kind) }),
    );
    r.post(
      `${base}/saved`,
      { schema: { tags, body: SavedReportInput, response: { 200: SavedReportResponse, ...errors } } },
      async (request) => ({ saved: await svc.createSaved(ctx, actorOf(request), kind, request.body) }),
    );
    r.put(
      `${base}/saved/:id`,
      {
        schema: { tags, params: Params, body: SavedReportInput, response: { 200: SavedReportResponse, ...errors } },
      },
      async (request) => ({
        saved: await svc.updateSaved(ctx, actorOf(request), kind, request.params.id, request.body),
      }),
    );
    r.delete(
      `${base}/saved/:id`,
      { schema: { tags, params: Params, response: { 200: OkResponse, ...errors } } },
      async (request) => {
        await svc.deleteSaved(ctx, actorOf(request), kind, request.params.id);
        return { ok: true as const };
      },
    );
  }

  r.post(
    '/api/reports/payroll',
    { schema: { tags: ['reports'], body: PayrollRequest, response: { 200: FileBody, ...errors } } },
    async (request, reply) => sendFile(reply, await svc.payroll(ctx, actorOf(request), request.body)),
  );
  r.get(
    '/api/exports/:id',
    { schema: { tags: ['reports'], params: Params, response: { 200: ExportJobResponse, ...errors } } },
    async (request) => ({ job: await svc.exportJob(ctx, actorOf(request), request.params.id) }),
  );
  r.get(
    '/api/exports/:id/file',
    { schema: { tags: ['reports'], params: Params, response: { 200: FileBody, ...errors } } },
    async (request, reply) => sendFile(reply, await svc.exportFile(ctx, actorOf(request), request.params.id)),
  );
}

/**
 * The printable roster of a week (module roster, planners): `GET /api/locations/{location}/print?week=` answers the
 * PDF, `POST .../print/mail {week, message?}` mails it to the planning's members without access.
 */
export function rosterPrintRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const LocationParams = z.object({ location: z.uuid() });
  const tags = ['roster'];
  r.get(
    '/api/locations/:location/print',
    {
      schema: {
        tags,
        params: LocationParams,
        querystring: RosterPrintQuery,
        response: { 200: z.string().meta({ description: 'The PDF.' }), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await rosterPdf(ctx, actorOf(request), request.params.location, request.query.week)),
  );
  r.post(
    '/api/locations/:location/print/mail',
    {
      schema: {
        tags,
        params: LocationParams,
        body: RosterMailRequest,
        response: { 200: RosterMailResponse, ...errors },
      },
    },
    async (request) =>
      mailRosterPdf(ctx, actorOf(request), request.params.location, request.body.week, request.body.message),
  );
}
