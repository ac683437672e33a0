import type { RealtimeEventName, RealtimeEvents } from '@app/contracts';
import type { Tx } from '../db/client';
import type { Actor } from './actor';
import type { AppContext } from './context';
import { loggableError } from './log-safe';

/** Who a realtime event is not echoed to: the app (socket) that made the change. */
type Origin = Pick<Actor, 'sessionId' | 'socketId'>;

/** One realtime event a command announces; sent only once its transaction committed. */
export interface CommandEvent<E extends RealtimeEventName = RealtimeEventName> {
  room: string;
  event: E;
  payload: RealtimeEvents[E];
  origin?: Origin;
}

/**
 * What a write sees while it runs: its transaction, and the means to say what must follow the commit.
 * Whatever must not be lost (notifications, mails) is written with `tx` by `notify` and the mailer, so it stands
 * or falls with the change; what may be lost in a crash (realtime invalidations, nudging a worker) waits for the
 * commit here.
 */
export interface Command {
  readonly tx: Tx;
  readonly actor: Actor | null;
  /** Announces a realtime event, sent after the commit (never for a change that rolled back). */
  emit<E extends RealtimeEventName>(room: string, event: E, payload: RealtimeEvents[E], origin?: Origin): void;
  /** Work after the commit; a failure is logged, never undoes the committed change. */
  afterCommit(work: () => unknown): void;
  /**
   * Undoes what the transaction cannot: work done outside it (an object put in S3) that must not outlive a rollback.
   * Runs after the rollback (also for an attempt that was retried); a failure is logged.
   */
  onRollback(work: () => unknown): void;
  /** The events announced so far, in order. */
  readonly events: readonly CommandEvent[];
}

/** Work every command shares, registered once by `app.ts` (the idempotency record, for one). */
export interface CommandHook {
  /** Runs first inside the transaction, before the command's own work; throwing refuses the command. */
  begin?(command: Command): Promise<void>;
  /** Runs inside the transaction after the command's own work, with its result; throwing rolls it all back. */
  beforeCommit?(command: Command, result: unknown): Promise<void>;
}

const hooks: CommandHook[] = [];

/** Registers work every command runs; `app.ts` calls it once per hook at start. */
export function registerCommandHook(hook: CommandHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/**
 * The one shape of a write (docs/architecture.md, "Commands"): open a transaction, run the shared hooks' start (the
 * idempotency key's claim), let the domain lock, authorise, change, log and write what must follow durably
 * (notifications and mails through the outbox), run the shared hooks with the result, commit, then send the
 * announced realtime events and the after-commit work. Answers what the work answered.
 */
export async function runCommand<T>(
  ctx: AppContext,
  actor: Actor | null,
  work: (command: Command) => Promise<T>,
): Promise<T> {
  const events: CommandEvent[] = [];
  const after: (() => unknown)[] = [];
  // The undo work of every attempt: a retried attempt's is due even when a later one commits.
  const undone: (() => unknown)[] = [];
  let undo: (() => unknown)[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      // A retried transaction (serialization) starts with a clean slate.
      events.length = 0;
      after.length = 0;
      undone.push(...undo);
      undo = [];
      const command: Command = {
        tx,
        actor,
        events,
        emit(room, event, payload, origin) {
          events.push({ room, event, payload, origin } as CommandEvent);
        },
        afterCommit(fn) {
          after.push(fn);
        },
        onRollback(fn) {
          undo.push(fn);
        },
      };
      for (const hook of hooks) await hook.begin?.(command);
      const out = await work(command);
      for (const hook of hooks) await hook.beforeCommit?.(command, out);
      return out;
    });
  } catch (error) {
    await runAll(ctx, [...undone, ...undo], 'rollback work failed');
    throw error;
  }
  await runAll(ctx, undone, 'rollback work failed');
  for (const e of events) {
    try {
      // Sent as a direct emit would be: without an origin when the event has none.
      if (e.origin) ctx.realtime.emit(e.room, e.event, e.payload as never, e.origin);
      else ctx.realtime.emit(e.room, e.event, e.payload as never);
    } catch (err) {
      ctx.log.warn({ error: loggableError(err), event: e.event }, 'realtime event not sent');
    }
  }
  await runAll(ctx, after, 'after-commit work failed');
  return result;
}

/** Runs each piece of work in turn; a failure is logged and does not stop the rest. */
async function runAll(ctx: AppContext, work: readonly (() => unknown)[], message: string) {
  for (const fn of work) {
    try {
      await fn();
    } catch (err) {
      ctx.log.error({ error: loggableError(err) }, message);
    }
  }
}

/** Whether a value is a running command rather than a plain database handle (for helpers that take either). */
export function isCommand(value: unknown): value is Command {
  return typeof value === 'object' && value !== null && 'tx' in value && 'afterCommit' in value;
}
