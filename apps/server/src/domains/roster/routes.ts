import {
  ApplicationDecisionRequest,
  ApplicationsResponse,
  CalendarDate,
  ConfirmRequest,
  ConflictRequest,
  CreateItemRequest,
  DayComment,
  DayCommentRequest,
  DayNoteRequest,
  DayNoteResponse,
  DutyRequest,
  ErrorBody,
  InternalRequest,
  ItemChangeResponse,
  ItemMessage,
  ItemMessageRequest,
  ItemMessagesQuery,
  ItemMessagesResponse,
  ItemResourceRequest,
  line,
  NotesRequest,
  OkResponse,
  PresetResponse,
  ReleasePreview,
  ReleasePreviewQuery,
  ReleaseRequest,
  ReleaseResponse,
  RosterCompactResponse,
  RosterItemsQuery,
  RosterItemsResponse,
  RosterQuery,
  RosterResponse,
  ShiftRequest,
  SickRequest,
  SignOutRequest,
  TagsRequest,
  TimesRequest,
  UserIdsResponse,
  UserRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { candidatesForDate, candidatesForItem } from './candidates';
import * as comments from './comments';
import * as editing from './editing';
import { loadRoster, loadRosterItems } from './load';
import { loadPreset } from './presets';
import { pickReleaseDate, releasePreview } from './publication';
import { removeConflict, removeSick, setSick } from './sickness';
import * as signup from './signup';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');
// `confirmed` is read by no route yet; bounded like any input.
const ForceQuery = z.object({ force: flag, confirmed: line(20).optional() });
const change = { 200: ItemChangeResponse, ...errors };
const tags = ['roster'];

export function rosterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/items',
    {
      config: { scope: 'roster.read' },
      schema: {
        tags,
        querystring: RosterQuery,
        response: { 200: z.union([RosterResponse, RosterCompactResponse, PresetResponse]), ...errors },
      },
      // A month of a big location is thousands of items: checking them all against the schema again costs more
      // than the rest of the request. The load builds every field itself (presentItem is the whitelist), and the
      // tests check the answers against the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { query } = request;
      if (query.scope === 'preset') return loadPreset(ctx, actorOf(request), query.location);
      // The compact form (`compact=1`) is built by the load itself, straight from the rows.
      return loadRoster(ctx, actorOf(request), query);
    },
  );
  r.post(
    '/api/items',
    { config: { scope: 'roster.write' }, schema: { tags, body: CreateItemRequest, response: change } },
    async (request) => editing.createItem(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/items/:id',
    {
      config: { scope: 'roster.write' },
      schema: { tags, params: IdParams, querystring: ForceQuery, response: change },
    },
    async (request) => editing.deleteItem(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/times',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: TimesRequest, response: change } },
    async (request) => editing.setTimes(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/items/:id/times',
    {
      config: { scope: 'roster.write' },
      schema: { tags, params: IdParams, querystring: ForceQuery, response: change },
    },
    async (request) => editing.removeTimes(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/shift',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: ShiftRequest, response: change } },
    async (request) =>
      editing.setShift(ctx, actorOf(request), request.params.id, request.body.shift, request.body.confirmed),
  );
  r.delete(
    '/api/items/:id/shift',
    {
      config: { scope: 'roster.write' },
      schema: { tags, params: IdParams, querystring: ForceQuery, response: change },
    },
    async (request) => editing.removeShift(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/duty',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: DutyRequest, response: change } },
    async (request) => editing.setDuty(ctx, actorOf(request), request.params.id, request.body.duty),
  );
  r.put(
    '/api/items/:id/user',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: UserRequest, response: change } },
    async (request) => editing.setUser(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/items/:id/user',
    {
      config: { scope: 'roster.write' },
      schema: { tags, params: IdParams, querystring: ForceQuery, response: change },
    },
    async (request) => editing.removeUser(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/resource',
    {
      config: { scope: 'roster.write' },
      schema: { tags, params: IdParams, body: ItemResourceRequest, response: change },
    },
    async (request) => editing.setResource(ctx, actorOf(request), request.params.id, request.body.resource),
  );
  r.delete(
    '/api/items/:id/resource',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, response: change } },
    async (request) => editing.removeResource(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/items/:id/tags',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: TagsRequest, response: change } },
    async (request) => editing.setTags(ctx, actorOf(request), request.params.id, request.body.tags),
  );
  r.put(
    '/api/items/:id/notes',
    { config: { scope: 'roster.write' }, schema: { tags, params: IdParams, body: NotesRequest, response: change } },
    async (request) => editing.setNotes(ctx, actorOf(request), request.params.id, request.body.notes),
  );
  r.put(
    '/api/items/:id/internal',
    { schema: { tags, params: IdParams, body: InternalRequest, response: change } },
    async (request) => editing.setInternal(ctx, actorOf(request), request.params.id, request.body.internal),
  );

  // Employees' own actions, and the planner's answers to them.
  r.put('/api/items/:id/sign-in', { schema: { tags, params: IdParams, response: change } }, async (request) =>
    signup.signIn(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/items/:id/sign-in/confirmation',
    { schema: { tags, params: IdParams, body: ConfirmRequest, response: change } },
    async (request) => signup.decidePendingSignIn(ctx, actorOf(request), request.params.id, request.body.confirm),
  );
  r.put(
    '/api/items/:id/sign-out',
    { schema: { tags, params: IdParams, body: SignOutRequest, response: change } },
    async (request) => signup.signOut(ctx, actorOf(request), request.params.id, request.body?.confirm),
  );
  r.delete('/api/items/:id/sign-out', { schema: { tags, params: IdParams, response: change } }, async (request) =>
    signup.cancelSignOut(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/items/:id/applications',
    { schema: { tags, params: IdParams, response: { 200: ApplicationsResponse, ...errors } } },
    async (request) => signup.listApplications(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/items/:id/applications/:membership',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().uuid(), membership: z.string().uuid() }),
        body: ApplicationDecisionRequest,
        response: change,
      },
    },
    async (request) =>
      signup.decideApplication(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.membership,
        request.body.accepted,
        request.body.confirmed,
      ),
  );
  r.delete('/api/items/:id/applications', { schema: { tags, params: IdParams, response: change } }, async (request) =>
    signup.revokeApplication(ctx, actorOf(request), request.params.id),
  );

  r.put(
    '/api/items/:id/sick',
    { schema: { tags, params: IdParams, body: SickRequest, response: change } },
    async (request) => setSick(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete('/api/items/:id/sick', { schema: { tags, params: IdParams, response: change } }, async (request) =>
    removeSick(ctx, actorOf(request), request.params.id),
  );
  r.delete(
    '/api/items/:id/conflicts',
    { schema: { tags, params: IdParams, body: ConflictRequest, response: change } },
    async (request) => removeConflict(ctx, actorOf(request), request.params.id, request.body.conflict),
  );
  r.get(
    '/api/items/:id/users',
    { schema: { tags, params: IdParams, response: { 200: UserIdsResponse, ...errors } } },
    async (request) => candidatesForItem(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/locations/:location/items',
    {
      schema: {
        tags,
        params: z.object({ location: z.string().uuid() }),
        querystring: RosterItemsQuery,
        response: { 200: RosterItemsResponse, ...errors },
      },
    },
    async (request) => loadRosterItems(ctx, actorOf(request), request.params.location, request.query.ids.split(',')),
  );
  r.get(
    '/api/locations/:location/users/:date',
    {
      schema: {
        tags,
        params: z.object({ location: z.string().uuid(), date: CalendarDate }),
        response: { 200: UserIdsResponse, ...errors },
      },
    },
    async (request) => candidatesForDate(ctx, actorOf(request), request.params.location, request.params.date),
  );

  r.get(
    '/api/item/messages',
    { schema: { tags, querystring: ItemMessagesQuery, response: { 200: ItemMessagesResponse, ...errors } } },
    async (request) => comments.listItemMessages(ctx, actorOf(request), request.query.item),
  );
  r.post(
    '/api/item/messages',
    { schema: { tags, body: ItemMessageRequest, response: { 200: ItemMessage, ...errors } } },
    async (request) => comments.addItemMessage(ctx, actorOf(request), request.body.item, request.body.message),
  );
  r.delete(
    '/api/item/messages/:id',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await comments.deleteItemMessage(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.put(
    '/api/locations/:location/notes/:date',
    {
      schema: {
        tags,
        params: z.object({ location: z.string().uuid(), date: CalendarDate }),
        body: DayNoteRequest,
        response: { 200: DayNoteResponse, ...errors },
      },
    },
    async (request) =>
      comments.setDayNote(ctx, actorOf(request), request.params.location, request.params.date, request.body.content),
  );
  r.post(
    '/api/messages',
    { schema: { tags, body: DayCommentRequest, response: { 200: DayComment, ...errors } } },
    async (request) => comments.addDayComment(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/messages/:id',
    { schema: { tags, params: IdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await comments.deleteDayComment(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.put(
    '/api/locations/:location/release',
    {
      config: { scope: 'roster.write' },
      schema: {
        tags,
        params: z.object({ location: z.string().uuid() }),
        body: ReleaseRequest,
        response: { 200: ReleaseResponse, ...errors },
      },
    },
    async (request) => pickReleaseDate(ctx, actorOf(request), request.params.location, request.body.date),
  );
  r.get(
    '/api/locations/:location/release-preview',
    {
      schema: {
        tags,
        params: z.object({ location: z.string().uuid() }),
        querystring: ReleasePreviewQuery,
        response: { 200: ReleasePreview, ...errors },
      },
    },
    async (request) => releasePreview(ctx, actorOf(request), request.params.location, request.query.date),
  );
}
