/**
 * What a database error says about the database rather than about the request: it is away (connections refused,
 * cut or terminated, the server restarting), or its disk is full. The error handler answers these with their own
 * codes instead of INTERNAL, and the start-up waits while the database is away.
 */
export type DatabaseFailure = 'unavailable' | 'disk-full';

/** SQL states of a database that cannot serve now: connection exceptions (class 08), shutdowns, too many clients. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Node's socket errors while reaching the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says so in words: a dropped socket, a client that lost its connection, a connect that timed out. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Connection terminated due to connection timeout|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;
/** PGlite closed under a request (its process is stopping). */
const PGLITE_CLOSED = /^PGlite is closed/;

/** A full disk: PostgreSQL's disk_full, or the file system's ENOSPC as PGlite meets it. */
const DISK_FULL_STATE = '53100';
const NO_SPACE = /no space left on device/i;

type Inspectable = { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and what it wraps: drizzle's query error wraps the driver's; a connect may fail with several. */
function* chain(error: unknown): Generator<Inspectable> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const i = e as Inspectable;
    yield i;
    queue.push(i.cause);
    if (Array.isArray(i.errors)) queue.push(...i.errors);
  }
}

export function databaseFailure(error: unknown): DatabaseFailure | null {
  let unavailable = false;
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === DISK_FULL_STATE || code === 'ENOSPC' || NO_SPACE.test(message)) return 'disk-full';
    if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) unavailable = true;
    else if (UNAVAILABLE_MESSAGES.test(message) || PGLITE_CLOSED.test(message)) unavailable = true;
  }
  return unavailable ? 'unavailable' : null;
}
