import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL), which carries realtime events and rate limits between instances. Redis is
 * a helper, not a dependency: the server starts without it, and while it is away each part falls back to this
 * instance alone (realtime reaches this instance's sockets, rate limits count in memory) and the log and
 * `/api/health` say so. Its clients reconnect for ever; when all are back, full service resumes.
 */
export interface RedisLink {
  /** `off` without REDIS_URL; `up` when every client of the link is connected; else `away`. */
  readonly state: 'off' | 'up' | 'away';
  /** REDIS_URL's host and port, for messages (no password). */
  readonly address: string;
  /**
   * A client of the link. `queue: true` keeps commands until Redis answers (subscriptions); otherwise a command
   * fails at once while Redis is away, so the caller falls back instead of waiting.
   */
  client(opts: { queue: boolean }): Redis;
  close(): void;
}

/** Reconnect after 0.2 s, growing to 5 s between tries, for ever. */
const retryStrategy = (times: number) => Math.min(times * 200, 5_000);

function addressOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'REDIS_URL';
  }
}

export function createRedisLink(url: string | undefined, log: FastifyBaseLogger): RedisLink {
  const clients: Redis[] = [];
  const ready = new Set<Redis>();
  const address = url ? addressOf(url) : '';
  let closed = false;
  // What the log was told last: a warning when Redis goes away, a line when it is back, nothing per retry.
  let told: 'up' | 'away' | null = null;
  const state = (): RedisLink['state'] => {
    if (!url) return 'off';
    return clients.length > 0 && ready.size === clients.length ? 'up' : 'away';
  };
  const away = `realtime reaches this instance's sockets only and rate limits count in memory until it is back`;
  return {
    get state() {
      return state();
    },
    address,
    client({ queue }) {
      if (!url) throw new Error('no REDIS_URL');
      const options: RedisOptions = {
        retryStrategy,
        enableOfflineQueue: queue,
        // Queued commands wait for the connection; the others fail after one try.
        maxRetriesPerRequest: queue ? null : 1,
      };
      const client = new Redis(url, options);
      clients.push(client);
      client.on('ready', () => {
        ready.add(client);
        if (closed || state() !== 'up' || told === 'up') return;
        if (told === 'away')
          log.info(`Redis at ${address} is back: realtime across instances and shared rate limits again`);
        told = 'up';
      });
      const lost = () => {
        ready.delete(client);
        if (closed || told !== 'up') return;
        told = 'away';
        log.warn(`Redis at ${address} is away: ${away}`);
      };
      client.on('close', lost);
      client.on('end', lost);
      // Without a listener ioredis prints every failed try; the changes of state above are what the log needs.
      client.on('error', (error: Error & { code?: string }) => {
        if (closed || told !== null) return;
        told = 'away';
        log.warn(
          `Redis at ${address} cannot be reached (${error.code ?? error.message}): starting without it; ${away}`,
        );
      });
      return client;
    },
    close() {
      closed = true;
      for (const c of clients.splice(0)) c.disconnect();
      ready.clear();
    },
  };
}
