import { IDEMPOTENT_CREATES } from '@app/contracts';

/**
 * Creates carry an `Idempotency-Key` (the server answers the same key with the first result), so one whose answer
 * was lost on the network can be sent again without creating twice (docs/architecture.md, "Idempotent creates").
 */

const creates = IDEMPOTENT_CREATES.map((route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/?]+')}$`));

/** Whether a call is a create that takes a key. */
export const isIdempotentCreate = (method: string, path: string): boolean =>
  method === 'POST' && creates.some((pattern) => pattern.test(path.split('?')[0]));

/** A fresh random key (a v4 UUID; `randomUUID` needs a secure context, `getRandomValues` does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How often, and after how long, a retry that meets the first attempt still being answered asks again. */
const IN_PROGRESS_TRIES = 2;
const IN_PROGRESS_WAIT_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function codeOf(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

/**
 * Sends a create (`call` carries the same key every time) and, when the network failed, once more: the server may
 * have committed the first and then answers its result. A retry that meets the first still being answered (409
 * IDEMPOTENCY_IN_PROGRESS) asks again a moment later. An aborted call is not retried.
 */
export async function sendCreate(call: () => Promise<Response>, wait: (ms: number) => Promise<void> = sleep) {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    // fetch rejects with a TypeError when the request or its answer was lost; an abort is a DOMException.
    if (!(error instanceof TypeError)) throw error;
    response = await call();
  }
  for (let i = 0; i < IN_PROGRESS_TRIES && response.status === 409; i++) {
    if ((await codeOf(response)) !== 'IDEMPOTENCY_IN_PROGRESS') break;
    await wait(IN_PROGRESS_WAIT_MS);
    response = await call();
  }
  return response;
}
