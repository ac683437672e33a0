import {
  ApproveHoursRequest,
  BilledRequest,
  BulkApproveRequest,
  BulkDenyRequest,
  BulkResult,
  ConfirmItemsRequest,
  DenyHoursRequest,
  ErrorBody,
  HoursOptionsResponse,
  HoursResponse,
  OkResponse,
  RegisterHoursRequest,
  SignHoursRequest,
  TimesheetQuery,
  TimesheetResponse,
  UpdateHoursRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { bulkApprove, bulkDeny, confirmItems } from './bulk';
import { approve, deny, reopen, setBilled, sign } from './decisions';
import { registerHoursGuard } from './guard';
import { options, timesheet } from './queries';
import { register, remove, update } from './registering';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['hours'];
const Params = z.object({ id: z.uuid() });

/** Hours calls (docs/product/hours.md; the calls are ours: docs/architecture.md, "Hours"). Module hours. */
export function hoursRoutes(app: FastifyInstance, ctx: AppContext) {
  registerHoursGuard();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/hours',
    {
      config: { scope: 'hours.read' },
      schema: { tags, querystring: TimesheetQuery, response: { 200: TimesheetResponse, ...errors } },
    },
    async (request) => timesheet(ctx, actorOf(request), request.query),
  );
  r.get(
    '/api/hours/options',
    { schema: { tags, response: { 200: HoursOptionsResponse, ...errors } } },
    async (request) => options(ctx, actorOf(request)),
  );
  r.post(
    '/api/hours',
    { schema: { tags, body: RegisterHoursRequest, response: { 200: HoursResponse, ...errors } } },
    async (request) => register(ctx, actorOf(request), request.body),
  );
  r.put(
    '/api/hours/:id',
    { schema: { tags, params: Params, body: UpdateHoursRequest, response: { 200: HoursResponse, ...errors } } },
    async (request) => update(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/hours/:id',
    { schema: { tags, params: Params, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await remove(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/hours/:id/approve',
    {
      config: { scope: 'hours.approve' },
      schema: { tags, params: Params, body: ApproveHoursRequest, response: { 200: HoursResponse, ...errors } },
    },
    async (request) => approve(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/hours/:id/deny',
    {
      config: { scope: 'hours.approve' },
      schema: { tags, params: Params, body: DenyHoursRequest, response: { 200: HoursResponse, ...errors } },
    },
    async (request) => deny(ctx, actorOf(request), request.params.id, request.body.message),
  );
  r.post(
    '/api/hours/:id/reopen',
    { schema: { tags, params: Params, response: { 200: HoursResponse, ...errors } } },
    async (request) => reopen(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/hours/:id/sign',
    { schema: { tags, params: Params, body: SignHoursRequest, response: { 200: HoursResponse, ...errors } } },
    async (request) => sign(ctx, actorOf(request), request.params.id, request.body.signature),
  );
  r.put(
    '/api/hours/:id/billed',
    { schema: { tags, params: Params, body: BilledRequest, response: { 200: HoursResponse, ...errors } } },
    async (request) => setBilled(ctx, actorOf(request), request.params.id, request.body.billed),
  );
  r.post(
    '/api/hours/approve',
    {
      config: { scope: 'hours.approve' },
      schema: { tags, body: BulkApproveRequest, response: { 200: BulkResult, ...errors } },
    },
    async (request) => bulkApprove(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/hours/deny',
    {
      config: { scope: 'hours.approve' },
      schema: { tags, body: BulkDenyRequest, response: { 200: BulkResult, ...errors } },
    },
    async (request) => bulkDeny(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/hours/confirm',
    { schema: { tags, body: ConfirmItemsRequest, response: { 200: BulkResult, ...errors } } },
    async (request) => confirmItems(ctx, actorOf(request), request.body),
  );
}
