import { RedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis';

type Options = Parameters<RedisAdapter['broadcast']>[1];
const localOnly = (opts: Options): Options => ({ ...opts, flags: { ...opts.flags, local: true } });

/**
 * The Redis adapter, made to carry on while Redis is away. Redis's adapter does even this instance's part of a
 * room operation (leaving a room, closing sockets) only when its own message comes back through Redis, and
 * publishes without handling a failure: with Redis away, closing an ended session's sockets did nothing, and an
 * emit ended the process. Here this instance's part is done at once, always; the message to the other instances
 * goes through Redis while it is up (its echo repeats the same idempotent operation here); while it is away,
 * events reach this instance's sockets only.
 */
export function fallbackAdapter(pub: Redis, sub: Redis, link: RedisLink, log: FastifyBaseLogger) {
  // A publish that fails (Redis went away between the check and the write) is dropped, not an unhandled rejection.
  const publish = pub.publish.bind(pub);
  let warned = false;
  Object.assign(pub, {
    publish: (channel: string, message: string | Buffer) =>
      publish(channel, message).catch((error: Error) => {
        if (!warned) log.warn(`realtime: an event did not reach the other instances (${error.message})`);
        warned = true;
        return 0;
      }),
  });
  const up = () => link.state === 'up';

  class FallbackAdapter extends RedisAdapter {
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
  }
  return (nsp: ConstructorParameters<typeof RedisAdapter>[0]) => new FallbackAdapter(nsp, pub, sub);
}
