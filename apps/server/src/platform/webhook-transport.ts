import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedAgent, isPublicAddress } from './outbound';

/**
 * How webhooks leave the server (docs/product/api.md): the same guard as web push. Only https, no credentials in
 * the address, never a private, loopback or link-local address (an IP literal is checked here, a name when the
 * connection is made, by the guarded agent's own lookup), and redirects are not followed (Node's client never
 * follows them; a 3xx counts as a failed delivery).
 */
export interface WebhookTransport {
  /** Whether an endpoint's address may be registered and called. */
  allows(url: string): boolean;
  /** Posts one delivery; answers the receiver's status, or throws when it could not be reached. */
  post(url: string, headers: Record<string, string>, body: string): Promise<number>;
}

/** How long one delivery may take, connecting and answering. */
const TIMEOUT_MS = 10_000;

/** Whether the address is one a webhook may go to: https, no credentials, a public host. */
export function publicWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return isPublicAddress(host);
  // Names that are local by definition; every other name is checked when the connection is made.
  return host.includes('.') && !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

function send(
  client: typeof http | typeof https,
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        // What the receiver answers is never kept or shown: only its status.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The production transport: guarded https only. */
export function createWebhookTransport(): WebhookTransport {
  const agent = guardedAgent();
  return {
    allows: publicWebhookUrl,
    post(url, headers, body) {
      if (!publicWebhookUrl(url)) return Promise.reject(new Error('webhook address is not allowed'));
      return send(https, agent, url, headers, body);
    },
  };
}

/**
 * A transport that also reaches the given origins over plain http (a receiver a test started on 127.0.0.1). It is
 * never built from configuration: only tests construct it and put it into the context, so no setting of a running
 * server can open the loopback to webhooks.
 */
export function transportAllowing(origins: string[], base = createWebhookTransport()): WebhookTransport {
  const local = new http.Agent();
  const allowed = (url: string) => {
    try {
      return origins.includes(new URL(url).origin);
    } catch {
      return false;
    }
  };
  return {
    allows: (url) => allowed(url) || base.allows(url),
    post: (url, headers, body) =>
      allowed(url) ? send(http, local, url, headers, body) : base.post(url, headers, body),
  };
}
