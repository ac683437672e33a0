import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** One count per key and window: INCR, the window set on the first hit, and what is left of it. */
const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

/** How many keys the memory keeps before it forgets the oldest windows. */
const LOCAL_KEYS_KEPT = 10_000;

type Window = { current: number; endsAt: number };

/** Counts in this process: windows measured with `performance.now()` (durations, not the product's clock). */
class LocalCounts {
  readonly #windows = new Map<string, Window>();

  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const at = performance.now();
    let w = this.#windows.get(key);
    if (!w || w.endsAt <= at) {
      if (this.#windows.size >= LOCAL_KEYS_KEPT) this.#forget(at);
      w = { current: 0, endsAt: at + timeWindow };
      this.#windows.set(key, w);
    }
    w.current += 1;
    return { current: w.current, ttl: Math.max(0, Math.round(w.endsAt - at)) };
  }

  #forget(at: number) {
    for (const [key, w] of this.#windows) if (w.endsAt <= at) this.#windows.delete(key);
    // Still full of live windows: the oldest go (a Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < LOCAL_KEYS_KEPT) break;
      this.#windows.delete(key);
    }
  }
}

/**
 * The rate limits' counts: in Redis while it answers, so every instance shares them; in this process's memory
 * while Redis is away (or not configured), so the limits still hold, per instance. A call that fails on Redis
 * counts in memory instead of letting the request through or failing it.
 */
export function rateLimitStore(redis: Redis | null): FastifyRateLimitStoreCtor {
  class SharedOrLocalStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    readonly #local = new LocalCounts();

    constructor(_options: unknown, prefix = 'rate-limit:') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const local = () => callback(null, this.#local.incr(key, timeWindow));
      if (redis?.status !== 'ready') {
        local();
        return;
      }
      redis.eval(INCR, 1, `${this.#prefix}${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => local(),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as the route's options; the plugin passes its merged parameters with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedOrLocalStore(null, `${this.#prefix}${route.method ?? ''}${route.url ?? ''}-`);
    }
  }
  return SharedOrLocalStore;
}
