import {
  ContractInput,
  ErrorBody,
  InviteRequest,
  InviteResponse,
  MemberAccessUpdate,
  MemberContract,
  MemberContractsResponse,
  MemberCostCentresUpdate,
  MemberDetail,
  MemberListResponse,
  MemberProfileUpdate,
  MemberSettings,
  OkResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createContract, deleteContract, listContracts, updateContract } from './contracts';
import { invitePeople, resendInvitation } from './invitations';
import {
  deleteMember,
  getMember,
  listMembers,
  setMemberCostCentres,
  updateMemberAccess,
  updateMemberProfile,
  updateMemberSettings,
} from './team';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.uuid() });
const tags = ['team'];

/** The team: list, employee page, invitations, contracts (docs/product/members.md). */
export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/members',
    { config: { scope: 'members.read' }, schema: { tags, response: { 200: MemberListResponse, ...errors } } },
    async (request) => listMembers(ctx, actorOf(request)),
  );
  r.get(
    '/api/members/:id',
    {
      config: { scope: 'members.read' },
      schema: { tags, params: IdParams, response: { 200: MemberDetail, ...errors } },
    },
    async (request) => getMember(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/members/:id',
    { schema: { tags, params: IdParams, body: MemberProfileUpdate, response: { 200: MemberDetail, ...errors } } },
    async (request) => updateMemberProfile(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/members/:id/access',
    { schema: { tags, params: IdParams, body: MemberAccessUpdate, response: { 200: MemberDetail, ...errors } } },
    async (request) => updateMemberAccess(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/members/:id/cost-centres',
    { schema: { tags, params: IdParams, body: MemberCostCentresUpdate, response: { 200: MemberDetail, ...errors } } },
    async (request) => setMemberCostCentres(ctx, actorOf(request), request.params.id, request.body.costCentreIds),
  );
  r.put(
    '/api/members/:id/settings',
    { schema: { tags, params: IdParams, body: MemberSettings, response: { 200: MemberDetail, ...errors } } },
    async (request) => updateMemberSettings(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/members/:id',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteMember(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/members/invitations',
    { schema: { tags, body: InviteRequest, response: { 200: InviteResponse, ...errors } } },
    async (request) => invitePeople(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/members/:id/invitation',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await resendInvitation(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/members/:id/contracts',
    { schema: { tags, params: IdParams, response: { 200: MemberContractsResponse, ...errors } } },
    async (request) => ({ contracts: await listContracts(ctx, actorOf(request), request.params.id) }),
  );
  r.post(
    '/api/members/:id/contracts',
    { schema: { tags, params: IdParams, body: ContractInput, response: { 200: MemberContract, ...errors } } },
    async (request) => createContract(ctx, actorOf(request), request.params.id, request.body),
  );
  r.put(
    '/api/contracts/:id',
    { schema: { tags, params: IdParams, body: ContractInput, response: { 200: MemberContract, ...errors } } },
    async (request) => updateContract(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/contracts/:id',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteContract(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
