import { RedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis';

type Options = Parameters<RedisAdapter['broadcast']>[1];
const localOnly = (opts: Options): Options => ({ ...opts, flags: { ...opts.flags, local: true } });

/** Makes `methods` of a client answer their failures to `onFailure` instead of rejecting. */
function dropFailures(client: Redis, methods: string[], onFailure: (error: Error) => void) {
  const commands = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of methods) {
    const command = commands[method].bind(client);
    commands[method] = (...args: unknown[]) =>
      command(...args).catch((error: Error) => {
        onFailure(error);
        return 0;
      });
  }
}

/**
 * The Redis adapter, made to carry on while Redis is away. Redis's adapter does even this instance's part of a
 * room operation (leaving a room, closing sockets) only when its own message comes back through Redis, and
 * publishes without handling a failure: with Redis away, closing an ended session's sockets did nothing, and an
 * emit ended the process. Here this instance's part is done at once, always; the message to the other instances
 * goes through Redis while it is up (its echo repeats the same idempotent operation here); while it is away,
 * events reach this instance's sockets only.
 */
export function fallbackAdapter(pub: Redis, sub: Redis, link: RedisLink, log: FastifyBaseLogger) {
  // A command that fails (Redis went away between the check and the write, or the server stops with subscriptions
  // still waiting for Redis) is dropped, not left as an unhandled rejection: the adapter never awaits them.
  let warned = false;
  dropFailures(pub, ['publish'], (error) => {
    if (!warned) log.warn(`realtime: an event did not reach the other instances (${error.message})`);
    warned = true;
  });
  dropFailures(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], () => undefined);
  const up = () => link.state === 'up';

  // Socket.IO makes each namespace's adapter with `new`: the class itself, its clients closed over.
  return class FallbackAdapter extends RedisAdapter {
    constructor(nsp: ConstructorParameters<typeof RedisAdapter>[0]) {
      super(nsp, pub, sub);
    }
    override broadcast(packet: unknown, opts: Options): void {
      if (up()) warned = false;
      super.broadcast(packet, up() ? opts : localOnly(opts));
    }
    override broadcastWithAck(
      packet: unknown,
      opts: Options,
      clientCountCallback: (clientCount: number) => void,
      ack: (...args: unknown[]) => void,
    ): void {
      super.broadcastWithAck(packet, up() ? opts : localOnly(opts), clientCountCallback, ack);
    }
    override fetchSockets(opts: Options) {
      return super.fetchSockets(up() ? opts : localOnly(opts));
    }
    override addSockets(opts: Options, rooms: string[]): void {
      super.addSockets(localOnly(opts), rooms);
      if (up()) super.addSockets(opts, rooms);
    }
    override delSockets(opts: Options, rooms: string[]): void {
      super.delSockets(localOnly(opts), rooms);
      if (up()) super.delSockets(opts, rooms);
    }
    override disconnectSockets(opts: Options, close: boolean): void {
      super.disconnectSockets(localOnly(opts), close);
      if (up()) super.disconnectSockets(opts, close);
    }
  };
}
