import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { sendError } from './http';

export interface Drain {
  /** From now on new requests answer 503 `SHUTTING_DOWN` (and close their connection). */
  start(): void;
  readonly draining: boolean;
  /** Requests started and not yet answered. */
  readonly inFlight: number;
  /** Resolves when no request is in flight, or after `ms`: true when they all finished. */
  idle(ms: number): Promise<boolean>;
}

/**
 * Counts the requests in flight and refuses new ones once the server is stopping, so a SIGTERM finishes what was
 * asked and takes nothing more: a load balancer sends the next request elsewhere.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  const waiting = new Set<() => void>();
  const settle = () => {
    if (inFlight > 0) return;
    for (const resolve of waiting) resolve();
    waiting.clear();
  };

  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close');
      return sendError(reply, new AppError('SHUTTING_DOWN'));
    }
    inFlight += 1;
    let done = false;
    // 'close' comes once the answer is sent or the client went away, whatever happened in between.
    reply.raw.once('close', () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      settle();
    });
  });
  // An answer finished while stopping closes its connection, so the client's next request opens one elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  return {
    start() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    idle(ms) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(finish);
          resolve(false);
        }, ms);
        const finish = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiting.add(finish);
      });
    },
  };
}
