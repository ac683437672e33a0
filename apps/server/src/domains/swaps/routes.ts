import {
  CreateSwapRequest,
  ErrorBody,
  SwapDecisionRequest,
  SwapParams,
  SwapResponse,
  SwapsResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { acceptSwap, createSwap, decideSwap, declineSwap, listSwaps, withdrawSwap } from './service';
import { registerSwapWithdrawal } from './withdrawal';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['swaps'];

/** Swaps and offers between employees (docs/product/swaps.md). */
export function swapRoutes(app: FastifyInstance, ctx: AppContext) {
  registerSwapWithdrawal();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/swaps', { schema: { tags, response: { 200: SwapsResponse, ...errors } } }, async (request) =>
    listSwaps(ctx, actorOf(request)),
  );
  r.post(
    '/api/swaps',
    { schema: { tags, body: CreateSwapRequest, response: { 200: SwapResponse, ...errors } } },
    async (request) => createSwap(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/swaps/:id/accept',
    { schema: { tags, params: SwapParams, response: { 200: SwapResponse, ...errors } } },
    async (request) => acceptSwap(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/swaps/:id/decline',
    { schema: { tags, params: SwapParams, response: { 200: SwapResponse, ...errors } } },
    async (request) => declineSwap(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/swaps/:id/decision',
    { schema: { tags, params: SwapParams, body: SwapDecisionRequest, response: { 200: SwapResponse, ...errors } } },
    async (request) => decideSwap(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/swaps/:id',
    { schema: { tags, params: SwapParams, response: { 200: SwapResponse, ...errors } } },
    async (request) => withdrawSwap(ctx, actorOf(request), request.params.id),
  );
}
