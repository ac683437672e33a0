import type http from 'node:http';
import { SESSION_COOKIE } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { Actor } from './actor';
import { findSession, loadActor } from './session';

/** Server-to-client events of the platform; later domains add theirs. */
export type RealtimeEvent = 'AppUpdated' | 'Reinit' | 'Logout' | 'LocationUpdated' | (string & {});

export interface Realtime {
  emit(room: string, event: RealtimeEvent, payload?: unknown): void;
  /** Sends `Logout` to a member's open apps and closes their sockets, on every instance. */
  logoutMember(membershipId: string, reason: string): void;
  /** Attaches Socket.IO to the HTTP server once it exists. */
  attach(server: http.Server): Promise<void>;
  close(): Promise<void>;
}

/** An internal room of every socket of a member, for closing them; clients cannot join it. */
const memberRoom = (membershipId: string) => `sockets-of.${membershipId}`;

async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId));
  return rows.length > 0;
}

/** The role of /api/auth/broadcast: which rooms a member may join. */
export function mayJoin(actor: Actor, room: string): boolean {
  if (room === 'app') return true;
  if (room === `account.${actor.accountId}`) return true;
  if (room === `membership.${actor.membershipId}`) return true;
  if (room === `notification.${actor.membershipId}`) return true;
  return false;
}

/**
 * Socket.IO on the same HTTP server, authenticated by the session cookie. A socket joins a room only after
 * `mayJoin` said yes. With a Redis URL, the Redis adapter carries events between instances.
 */
export function createRealtime(opts: { db: Db; redisUrl?: string; log: FastifyBaseLogger }): Realtime {
  let io: Server | null = null;
  const redis: Redis[] = [];
  return {
    emit(room, event, payload) {
      io?.to(room).emit(event, payload ?? {});
    },
    logoutMember(membershipId, reason) {
      io?.to(`membership.${membershipId}`).emit('Logout', { reason });
      io?.in(memberRoom(membershipId)).disconnectSockets(true);
    },
    async attach(server) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (opts.redisUrl) {
        const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        redis.push(pub, sub);
        io.adapter(createAdapter(pub, sub));
      }
      io.use(async (socket, next) => {
        try {
          const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
          const session = await findSession(opts.db, cookies[SESSION_COOKIE]);
          const actor = session && session.twoFactor === 'none' ? await loadActor(opts.db, session) : null;
          if (!actor) return next(new Error('unauthenticated'));
          socket.data.actor = actor;
          next();
        } catch (err) {
          opts.log.warn({ err }, 'realtime handshake failed');
          next(new Error('unauthenticated'));
        }
      });
      io.on('connection', (socket) => {
        const actor = socket.data.actor as Actor;
        socket.join(memberRoom(actor.membershipId));
        socket.on('subscribe', async (room: unknown, ack?: (r: { ok: boolean }) => void) => {
          // The session may have ended since the handshake: check it again before every join.
          const live = await sessionExists(opts.db, actor.sessionId).catch(() => false);
          if (!live) socket.disconnect(true);
          const ok = live && typeof room === 'string' && mayJoin(actor, room);
          if (ok) await socket.join(room);
          if (typeof ack === 'function') ack({ ok });
        });
        socket.on('unsubscribe', async (room: unknown) => {
          if (typeof room === 'string') await socket.leave(room);
        });
      });
    },
    async close() {
      if (io) {
        io.disconnectSockets(true);
        await new Promise<void>((resolve) => io?.close(() => resolve()));
        io = null;
      }
      for (const r of redis) r.disconnect();
      redis.length = 0;
    },
  };
}
