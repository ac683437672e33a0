import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENT_CREATES, IdempotencyHeaders } from '@app/contracts';
import { now } from '@app/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Command, CommandHook } from './command';
import type { AppContext } from './context';
import { AppError } from './errors';
import { actorOf } from './http';
import type { SomeJobDefinition } from './jobs';

/**
 * `Idempotency-Key` on creates (the IETF draft's semantics; docs/architecture.md, "Idempotent creates"). The route's
 * wrapper answers a key it knows from the table; otherwise it runs the create with the key in the request's context,
 * and the create's command claims the key when its transaction opens (an advisory lock: a second request with the
 * key meanwhile answers 409) and records its result as the answer before it commits. So a committed create always
 * has its key: a client that lost the answer and sends again gets the first answer, never a second row.
 */

/** A create under way with a key: who sent it, what it asked, and whether its answer is recorded yet. */
interface KeyedCreate {
  accountId: string;
  membershipId: string;
  key: string;
  method: string;
  route: string;
  bodyHash: string;
  reply: FastifyReply;
  /** The command that claimed the key: the first of the request (again, if that one rolled back). */
  claimedBy: Command | null;
  /** What the claiming command recorded, once it committed. */
  recorded: { result: unknown; status: number } | null;
}

type Answer = typeof idempotencyKeys.$inferSelect;

const keyedCreates = new AsyncLocalStorage<KeyedCreate>();

/** Keys being answered on this instance right now; the advisory lock covers the other instances. */
const inFlight = new Set<string>();

/** The advisory lock's first key: the idempotency keys' own space of locks. */
const LOCK_CLASS = 0x1de7;

/** A request with the key finished while this one waited: its answer is answered instead (nothing was created). */
class AnsweredMeanwhile extends Error {
  constructor(readonly answer: Answer) {
    super('answered meanwhile');
  }
}

/** JSON with the keys of every object sorted: the same content hashes the same, whatever order it was sent in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(canonical({ body: request.body ?? null, query: request.query ?? null }))
    .digest('hex');

const cutoff = (at = now()) => new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS);

const ofKey = (who: { accountId: string; membershipId: string; key: string }) =>
  and(
    eq(idempotencyKeys.accountId, who.accountId),
    eq(idempotencyKeys.membershipId, who.membershipId),
    eq(idempotencyKeys.key, who.key),
  );

/** The answer kept for a member's key, unless it expired. */
async function answerOf(db: DbOrTx, who: { accountId: string; membershipId: string; key: string }) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(ofKey(who), gte(idempotencyKeys.createdAt, cutoff())));
  return row ?? null;
}

/** The first answer again; the key sent with another call or other content is refused. */
function replay(reply: FastifyReply, answer: Answer, asked: Pick<KeyedCreate, 'method' | 'route' | 'bodyHash'>) {
  if (answer.method !== asked.method || answer.route !== asked.route || answer.bodyHash !== asked.bodyHash)
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  reply.code(answer.status).header('idempotent-replayed', 'true');
  return JSON.parse(answer.response) as unknown;
}

const recordOf = (create: KeyedCreate, status: number, response: string) => ({
  accountId: create.accountId,
  membershipId: create.membershipId,
  key: create.key,
  method: create.method,
  route: create.route,
  bodyHash: create.bodyHash,
  status,
  response,
  createdAt: now(),
});

/** Every command runs this: the create of a keyed request claims the key first and records its answer last. */
export const idempotencyHook: CommandHook = {
  async begin(command) {
    const create = keyedCreates.getStore();
    if (!create || create.recorded) return;
    create.claimedBy = command;
    const name = `${create.accountId}:${create.membershipId}:${create.key}`;
    const locked = await command.tx.execute<{ locked: boolean }>(
      // Held until this transaction ends; another instance answering the same key right now holds it.
      sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(${name})) as locked`,
    );
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked)
      throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    const earlier = await answerOf(command.tx, create);
    if (earlier) throw new AnsweredMeanwhile(earlier);
  },
  async beforeCommit(command, result) {
    const create = keyedCreates.getStore();
    if (!create || create.claimedBy !== command) return;
    const status = create.reply.statusCode;
    // An expired answer of the same key makes way (the hourly job may not have dropped it yet).
    await command.tx.delete(idempotencyKeys).where(and(ofKey(create), lt(idempotencyKeys.createdAt, cutoff())));
    const written = await command.tx
      .insert(idempotencyKeys)
      .values(recordOf(create, status, JSON.stringify(result) ?? 'null'))
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (written.length === 0) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    command.afterCommit(() => {
      create.recorded = { result, status };
    });
  },
};

/**
 * After the route answered: its command recorded the answer already (the usual case). A route that answers other
 * than its command's result has the record corrected; a create that does not run through `runCommand` yet is
 * recorded only now, after its commit (a crash in between loses the key: such a route's domain moves to commands).
 */
async function settle(ctx: AppContext, create: KeyedCreate, answer: unknown, status: number) {
  const response = JSON.stringify(answer) ?? 'null';
  if (create.recorded) {
    if (create.recorded.result === answer && create.recorded.status === status) return;
    ctx.log.warn({ route: create.route }, 'idempotency: the route answered other than its command');
    await ctx.db.update(idempotencyKeys).set({ response, status }).where(ofKey(create));
    return;
  }
  await ctx.db
    .insert(idempotencyKeys)
    .values(recordOf(create, status, response))
    .onConflictDoNothing();
}

async function answerOnce(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const actor = actorOf(request);
  const create: KeyedCreate = {
    accountId: actor.accountId,
    membershipId: actor.membershipId,
    key,
    method: request.method,
    route: request.url.split('?')[0],
    bodyHash: hashOf(request),
    reply,
    claimedBy: null,
    recorded: null,
  };
  const id = `${create.accountId}:${create.membershipId}:${key}`;
  if (inFlight.has(id)) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  inFlight.add(id);
  try {
    const earlier = await answerOf(ctx.db, create);
    if (earlier) return replay(reply, earlier, create);
    let answer: unknown;
    try {
      answer = await keyedCreates.run(create, run);
    } catch (error) {
      if (error instanceof AnsweredMeanwhile) return replay(reply, error.answer, create);
      throw error;
    }
    await settle(ctx, create, answer, reply.statusCode);
    return answer;
  } finally {
    inFlight.delete(id);
  }
}

/**
 * Lets the creates of `IDEMPOTENT_CREATES` take the header: declared in their schema (validated, and shown in the
 * API document) and answered once per key. Registered before the tenancy, so it runs as the request's account.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  const creates = new Set<string>(IDEMPOTENT_CREATES);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!creates.has(route.url ?? '') || !methods.includes('POST')) return;
    route.schema = { ...route.schema, headers: IdempotencyHeaders };
    const handler = route.handler;
    route.handler = function keyedHandler(request, reply) {
      const key = (request.headers as Record<string, string | undefined>)[IDEMPOTENCY_HEADER];
      if (!key) return handler.call(this, request, reply);
      return answerOnce(ctx, request, reply, key, async () => handler.call(this, request, reply));
    };
  });
}

/** Drops the answers older than a day (the hourly job). */
export async function pruneIdempotencyKeys(db: DbOrTx, at = now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff(at)));
}

/** The hourly prune of the keys, collected by app.ts with the domains' jobs. */
export const idempotencyJobs = (db: DbOrTx): SomeJobDefinition[] => [
  { name: 'idempotency.prune', cron: '29 * * * *', retryLimit: 2, handle: () => pruneIdempotencyKeys(db) },
];
