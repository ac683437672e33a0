import { CSRF_HEADER, type ErrorBody, IDEMPOTENCY_HEADER, MOBILE_HEADER, SOCKET_HEADER } from '@app/contracts';
import { isMobileHost } from '@app/domain';
import i18n from '../i18n';
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

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call to the server API: JSON in and out, the session cookie, and the headers every call carries. A create
 * carries a fresh idempotency key and is sent once more with it when the network failed.
 */
export async function api<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'en',
    [MOBILE_HEADER]: isMobile() ? '1' : '0',
  };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (socketId) headers[SOCKET_HEADER] = socketId;
  // A file goes as its bytes (uploads); everything else as JSON.
  const bytes = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = bytes ? 'application/octet-stream' : 'application/json';
  const create = isIdempotentCreate(method, path);
  if (create) headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();

  const call = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : bytes ? body : JSON.stringify(body),
      signal,
    });
  // Offline, a change is refused before it is sent (and said so), never lost on the way (docs/product/app.md).
  if (method !== 'GET' && !navigator.onLine) throw new OfflineError(method);
  let response: Response;
  try {
    response = create ? await sendCreate(call) : await call();
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
  return data as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body ?? {});
export const del = <T>(path: string, body?: unknown) => api<T>('DELETE', path, body);

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
