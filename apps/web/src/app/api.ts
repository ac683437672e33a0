import { CSRF_HEADER, type ErrorBody, IDEMPOTENCY_HEADER, MOBILE_HEADER, SOCKET_HEADER } from '@app/contracts';
import { isMobileHost } from '@app/domain';
import type { z } from 'zod';
import i18n from '../i18n';
import { forgetEarlyReads, readHeaders, takeEarlyRead } from './earlyReads';
import { isIdempotentCreate, newIdempotencyKey, sendCreate } from './idempotency';
import { OFFLINE_COPY_HEADER, OfflineError, reportOffline } from './offline';

/** The CSRF token lives in memory only: login and /api/app/init hand it out again after a reload. */
let csrfToken: string | null = null;
let socketId: string | null = null;

export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};
export const setSocketId = (id: string | null) => {
  socketId = id;
};

export const isMobile = () => isMobileHost(window.location.hostname);

/** A failed call: the HTTP status and the server's error body (null when the body was not an ErrorBody). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.code ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The server answered, but not in the shape of the contract: a fault on one side, not the person's. It is an
 * ApiError without a body, so the shared handling words it as the generic error; the details go to the console
 * (once per route, `reportMismatch`).
 */
export class AnswerMismatchError extends ApiError {
  constructor(
    status: number,
    readonly method: string,
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(status, null);
    this.name = 'AnswerMismatchError';
    this.message = `${method} ${path}: the answer does not match its contract`;
  }
}

/** Routes whose mismatch was already logged in this page's life: one line per route, not one per refetch. */
const reportedMismatches = new Set<string>();

function reportMismatch(error: AnswerMismatchError) {
  const route = `${error.method} ${error.path.split('?')[0]}`;
  if (reportedMismatches.has(route)) return;
  reportedMismatches.add(route);
  console.error(error.message, error.issues);
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of one call: its status and its JSON (null when it had none). */
interface Answer {
  status: number;
  data: unknown;
}

/**
 * One call to the server API: JSON in and out, the session cookie, and the headers every call carries. A create
 * carries a fresh idempotency key and is sent once more with it when the network failed. A failure throws ApiError.
 */
async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Answer> {
  const headers = readHeaders(i18n.language);
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (socketId) headers[SOCKET_HEADER] = socketId;
  // A file goes as its bytes (pictures), a form with files as multipart (the browser sets its boundary); everything
  // else as JSON.
  const bytes = body instanceof Blob;
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = bytes ? 'application/octet-stream' : 'application/json';
  const create = isIdempotentCreate(method, path);
  if (create) headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();

  const call = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : bytes || form ? body : JSON.stringify(body),
      signal,
    });
  // Offline, a change is refused before it is sent (and said so), never lost on the way (docs/product/app.md).
  if (method !== 'GET' && typeof navigator !== 'undefined' && !navigator.onLine) throw new OfflineError(method);
  // A read the page's HTML started before this code arrived (earlyReads.ts) is this call's answer.
  const early = method === 'GET' && body === undefined ? takeEarlyRead(path) : undefined;
  let response: Response;
  try {
    response = early ? await early : create ? await sendCreate(call) : await call();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    reportOffline(true);
    throw new OfflineError(method);
  }
  reportOffline(response.headers.has(OFFLINE_COPY_HEADER));

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, isErrorBody(data) ? data : null);
  return { status: response.status, data };
}

/**
 * A call whose answer is read: the answer is parsed with the contract's zod schema (packages/contracts), so what
 * the caller gets is what the types say. An answer of another shape throws AnswerMismatchError.
 */
export async function api<S extends z.ZodType>(
  schema: S,
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const started = method === 'GET' && body === undefined ? takeStartedGet(path) : undefined;
  return parseAnswer(schema, await (started ?? send(method, path, body, signal)), method, path);
}

function parseAnswer<S extends z.ZodType>(schema: S, answer: Answer, method: Method, path: string): z.output<S> {
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const error = new AnswerMismatchError(answer.status, method, path, parsed.error.issues);
  reportMismatch(error);
  throw error;
}

/**
 * A read whose schema is loaded beside the call, not before it: the shell's own calls (who is signed in) keep zod
 * and the contracts out of the code every page loads first (docs/architecture.md, "The web app's shell").
 */
export async function getWithSchemaFrom<S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  path: string,
): Promise<z.output<S>> {
  const [answer, schema] = await Promise.all([takeStartedGet(path) ?? send('GET', path), loadSchema()]);
  return parseAnswer(schema, answer, 'GET', path);
}

/** GETs started before anyone could read them (`startGet`), by path, until the first reader takes them. */
const startedGets = new Map<string, { call: Promise<Answer>; at: number }>();
/** A started GET older than this is not taken: its reader asks afresh. */
const STARTED_GET_MS = 30_000;

/**
 * Starts a GET now whose reader comes later (a route's first data while the page's code still loads): the first
 * `get` of the same path takes this call instead of making its own, and parses it with its schema then. The shell
 * needs neither the schema nor the feature's code for it.
 */
export function startGet(path: string): void {
  const started = startedGets.get(path);
  if (started && Date.now() - started.at < STARTED_GET_MS) return;
  const call = send('GET', path);
  call.catch(() => {}); // its reader sees the failure; one never read is no unhandled rejection
  startedGets.set(path, { call, at: Date.now() });
}

/**
 * Forgets the reads started before anyone asked (here and the page's early reads): when the session ends or changes
 * (signed out, signed in), an answer started before is another session's (a refusal, or someone else's data).
 */
export function forgetStartedReads(): void {
  startedGets.clear();
  forgetEarlyReads();
}

function takeStartedGet(path: string): Promise<Answer> | undefined {
  const started = startedGets.get(path);
  startedGets.delete(path);
  return started && Date.now() - started.at < STARTED_GET_MS ? started.call : undefined;
}

/** A call whose answer is not read (it succeeded or threw ApiError): deletions, acknowledgements. */
export async function apiVoid(method: Method, path: string, body?: unknown): Promise<void> {
  await send(method, path, body);
}

export const get = <S extends z.ZodType>(schema: S, path: string, signal?: AbortSignal) =>
  api(schema, 'GET', path, undefined, signal);
export const post = <S extends z.ZodType>(schema: S, path: string, body?: unknown) =>
  api(schema, 'POST', path, body ?? {});
export const put = <S extends z.ZodType>(schema: S, path: string, body?: unknown) =>
  api(schema, 'PUT', path, body ?? {});
export const del = <S extends z.ZodType>(schema: S, path: string, body?: unknown) => api(schema, 'DELETE', path, body);

/** A call that answers a file (downloads): the file and its name, or the JSON of an answer without one (202). */
export async function apiFile(
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ file: Blob; fileName: string } | { json: unknown }> {
  const headers: Record<string, string> = {
    'Accept-Language': i18n.language || 'en',
    [MOBILE_HEADER]: isMobile() ? '1' : '0',
  };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (socketId) headers[SOCKET_HEADER] = socketId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) throw new ApiError(response.status, isErrorBody(data) ? data : null);
    return { json: data };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { file: await response.blob(), fileName: name };
}

/** Saves a downloaded file in the browser. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
