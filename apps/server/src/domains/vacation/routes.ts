import {
  BalanceCorrectionInput,
  BalanceLedger,
  BalancesQuery,
  BalancesResponse,
  ErrorBody,
  VacationAdjustmentInput,
  VacationBalanceQuery,
  VacationBulkDecideRequest,
  VacationBulkDecideResponse,
  VacationCreateRequest,
  VacationDecideRequest,
  VacationListQuery,
  VacationListResponse,
  VacationPersonBalance,
  VacationPreview,
  VacationPreviewQuery,
  VacationRemoveRequest,
  VacationRequest,
  VacationTeamBalances,
  VacationUpdateRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf, readerOf } from '../../platform/http';
import {
  adjustVacation,
  correctBalance,
  deleteAdjustment,
  deleteCorrection,
  listBalances,
  personVacationBalance,
  readBalance,
  teamVacationBalances,
} from './balances';
import {
  createVacation,
  decideVacation,
  decideVacations,
  listVacation,
  previewVacation,
  readVacation,
  removeVacation,
  updateVacation,
  withdrawVacation,
} from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const AdjustmentParams = z.object({ id: z.string().uuid(), adjustment: z.string().uuid() });
const CorrectionParams = z.object({ id: z.string().uuid(), correction: z.string().uuid() });
const tags = ['vacation'];

/** Vacation requests and balances (module vacation); time-for-time balances (module balances). */
export function vacationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/vacation',
    {
      config: { scope: 'vacation.read' },
      schema: { tags, querystring: VacationListQuery, response: { 200: VacationListResponse, ...errors } },
    },
    async (request) => listVacation(ctx, actorOf(request), request.query),
  );
  r.get(
    '/api/vacation/preview',
    { schema: { tags, querystring: VacationPreviewQuery, response: { 200: VacationPreview, ...errors } } },
    async (request) => previewVacation(ctx, readerOf(request), request.query),
  );
  r.post(
    '/api/vacation',
    { schema: { tags, body: VacationCreateRequest, response: { 200: VacationRequest, ...errors } } },
    async (request) => createVacation(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/vacation/decisions',
    {
      config: { scope: 'vacation.decide' },
      schema: { tags, body: VacationBulkDecideRequest, response: { 200: VacationBulkDecideResponse, ...errors } },
    },
    async (request) => decideVacations(ctx, actorOf(request), request.body),
  );
  r.get(
    '/api/vacation/balances',
    {
      config: { scope: 'vacation.read' },
      schema: { tags, querystring: VacationBalanceQuery, response: { 200: VacationTeamBalances, ...errors } },
    },
    async (request) => teamVacationBalances(ctx, actorOf(request), request.query.year),
  );
  r.get(
    '/api/vacation/balances/:id',
    {
      config: { scope: 'vacation.read' },
      schema: {
        tags,
        params: IdParams,
        querystring: VacationBalanceQuery,
        response: { 200: VacationPersonBalance, ...errors },
      },
    },
    async (request) => personVacationBalance(ctx, actorOf(request), request.params.id, request.query.year),
  );
  r.post(
    '/api/vacation/balances/:id/adjustments',
    {
      schema: {
        tags,
        params: IdParams,
        body: VacationAdjustmentInput,
        response: { 200: VacationPersonBalance, ...errors },
      },
    },
    async (request) => adjustVacation(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/vacation/balances/:id/adjustments/:adjustment',
    { schema: { tags, params: AdjustmentParams, response: { 200: VacationPersonBalance, ...errors } } },
    async (request) => deleteAdjustment(ctx, actorOf(request), request.params.id, request.params.adjustment),
  );
  r.put(
    '/api/vacation/:id',
    { schema: { tags, params: IdParams, body: VacationUpdateRequest, response: { 200: VacationRequest, ...errors } } },
    async (request) => updateVacation(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/vacation/:id',
    {
      config: { scope: 'vacation.read' },
      schema: { tags, params: IdParams, response: { 200: VacationRequest, ...errors } },
    },
    async (request) => readVacation(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/vacation/:id/decision',
    {
      config: { scope: 'vacation.decide' },
      schema: { tags, params: IdParams, body: VacationDecideRequest, response: { 200: VacationRequest, ...errors } },
    },
    async (request) => decideVacation(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/vacation/:id/withdraw',
    { schema: { tags, params: IdParams, response: { 200: VacationRequest, ...errors } } },
    async (request) => withdrawVacation(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/vacation/:id/remove',
    { schema: { tags, params: IdParams, body: VacationRemoveRequest, response: { 200: VacationRequest, ...errors } } },
    async (request) => removeVacation(ctx, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/balances',
    { schema: { tags: ['balances'], querystring: BalancesQuery, response: { 200: BalancesResponse, ...errors } } },
    async (request) => listBalances(ctx, actorOf(request), request.query),
  );
  r.get(
    '/api/balances/:id',
    { schema: { tags: ['balances'], params: IdParams, response: { 200: BalanceLedger, ...errors } } },
    async (request) => readBalance(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/balances/:id/corrections',
    {
      schema: {
        tags: ['balances'],
        params: IdParams,
        body: BalanceCorrectionInput,
        response: { 200: BalanceLedger, ...errors },
      },
    },
    async (request) => correctBalance(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/balances/:id/corrections/:correction',
    { schema: { tags: ['balances'], params: CorrectionParams, response: { 200: BalanceLedger, ...errors } } },
    async (request) => deleteCorrection(ctx, actorOf(request), request.params.id, request.params.correction),
  );
}
