import { MOBILE_HEADER } from '@app/contracts';
import { isMobileHost } from '@app/domain';

/**
 * Reads a page starts from its HTML, before the app's code has arrived (boot.ts): on a slow phone the shell takes
 * seconds to load, and who is signed in, the locations and the roster's first read need not wait for it
 * (docs/product/app.md, "First load"). The app's own call of the same path (api.ts, `send`) takes the answer instead
 * of asking again. Kept on a global: boot.ts is an entry of its own, and its module need not be the app's copy.
 */
interface EarlyRead {
  response: Promise<Response>;
  at: number;
}

/** An early read older than this is not taken: its reader asks afresh. */
const EARLY_READ_MS = 30_000;
const STORE = Symbol.for('rosterly.earlyReads');

function store(): Map<string, EarlyRead> {
  const holder = globalThis as { [STORE]?: Map<string, EarlyRead> };
  holder[STORE] ??= new Map();
  return holder[STORE];
}

/** The headers every read carries: JSON, the page's language, and whether this is the mobile site. */
export function readHeaders(language: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Accept-Language': language || 'en',
    [MOBILE_HEADER]: isMobileHost(window.location.hostname) ? '1' : '0',
  };
}

/** Starts a GET now, for the app to take later; its answer, for the early reads that build on it. */
export function startEarlyRead(path: string, language: string): Promise<Response> {
  // Ahead of the app's files in the browser's queue (six connections to the server): the answers are small, and the
  // reads built on them can then start before the files are in.
  const response = fetch(path, { headers: readHeaders(language), credentials: 'include', priority: 'high' });
  response.catch(() => {}); // its reader sees the failure; one never read is no unhandled rejection
  store().set(path, { response, at: Date.now() });
  return response;
}

/** The early read of a path, once: the first reader takes it; a stale one is dropped. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const read = store().get(path);
  if (!read) return undefined;
  store().delete(path);
  return Date.now() - read.at < EARLY_READ_MS ? read.response : undefined;
}

/** Forgets every early read: answered for a session that has ended or changed, they are no one's now. */
export function forgetEarlyReads(): void {
  store().clear();
}
