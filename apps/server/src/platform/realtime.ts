import type http from 'node:http';
import { CHAT_MESSAGE_MAX_LENGTH, type RealtimeEventName, type RealtimeEvents, SESSION_COOKIE } from '@app/contracts';
import { chatRoomChannel, mayJoinRoom } from '@app/domain';
import fastifyCookie from '@fastify/cookie';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/client';
import { chatParticipants, sessions } from '../db/schema';
import type { Actor } from './actor';
import { loggableError } from './log-safe';
import { fallbackAdapter } from './realtime-adapter';
import type { RedisLink } from './redis';
import { actorOfMember, deleteSessions, resolveSession } from './session';

/** Server-to-client events: their names and payloads are `RealtimeEvents` of `@app/contracts`. */
export type RealtimeEvent = RealtimeEventName;

/** Why the server ended a session, as `Logout` tells its open apps. */
export type LogoutReason = 'inactive' | 'password' | 'ended';

export interface Realtime {
  /** Sends an event to a room; with `origin`, not to the socket of the app that made the change. */
  emit<E extends RealtimeEventName>(
    room: string,
    event: E,
    payload: RealtimeEvents[E],
    origin?: Pick<Actor, 'sessionId' | 'socketId'>,
  ): void;
  /** Takes a member's sockets out of a room on every instance (someone who left a chat stops hearing it). */
  leaveRoom(membershipId: string, room: string): void;
  /** Sends `Logout` to a member's open apps and closes their sockets, on every instance. */
  logoutMember(membershipId: string, reason: string): void;
  /**
   * Closes the sockets of ended sessions, on every instance (the Redis adapter carries it): a socket lives no longer
   * than its session. Called by `revokeSessions` (platform/revoke.ts).
   */
  disconnectSessions(sessionIds: string[], reason?: LogoutReason): void;
  /** Attaches Socket.IO to the HTTP server once it exists. */
  attach(server: http.Server): Promise<void>;
  close(): Promise<void>;
}

/** An internal room of every socket of a member, for closing them; clients cannot join it. */
const memberRoom = (membershipId: string) => `sockets-of.${membershipId}`;

/** An internal room of every socket of a session, for closing them when it ends; clients cannot join it. */
const sessionRoom = (sessionId: string) => `sockets-of-session.${sessionId}`;

/**
 * An internal room of one socket, named by its session too: a request can leave out only a socket of its own
 * session (X-Socket-Id naming someone else's socket matches no room), and the name works on every instance.
 */
const echoRoom = (sessionId: string, socketId: string) => `echo.${sessionId}.${socketId}`;

/**
 * Whether the member may join the room (`mayJoinRoom`): a chat's private room `chat.{id}` needs them taking part in
 * that channel of their account now. `/api/auth/broadcast` asks the same.
 */
export async function roomAllowed(
  db: Db,
  actor: Pick<Actor, 'accountId' | 'membershipId'>,
  room: string,
): Promise<boolean> {
  const channel = chatRoomChannel(room);
  if (!channel) return mayJoinRoom(actor, room);
  const rows = await db
    .select({ id: chatParticipants.channelId })
    .from(chatParticipants)
    .where(
      and(
        eq(chatParticipants.channelId, channel),
        eq(chatParticipants.accountId, actor.accountId),
        eq(chatParticipants.membershipId, actor.membershipId),
        isNull(chatParticipants.deletedAt),
      ),
    );
  return mayJoinRoom(actor, room, rows.length > 0);
}

/** Same origin as the page asked for, PUBLIC_URL, or a configured origin: other sites' pages may not connect. */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  // Browsers send Origin on every WebSocket and cross-origin request; without one it is not a browser's page.
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}

async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId));
  return rows.length > 0;
}

/**
 * Socket.IO on the same HTTP server, authenticated by the session cookie. A socket joins a room only after
 * `mayJoinRoom` (`@app/domain`) said yes. With a Redis URL, the Redis adapter carries events between instances;
 * while Redis is away, events reach this instance's sockets (`realtime-adapter.ts`).
 */
export function createRealtime(opts: {
  db: Db;
  redis: RedisLink;
  log: FastifyBaseLogger;
  /** PUBLIC_URL's origin and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
}): Realtime {
  let io: Server | null = null;
  return {
    emit(room, event, payload, origin) {
      if (!io) return;
      const target = origin?.socketId ? io.to(room).except(echoRoom(origin.sessionId, origin.socketId)) : io.to(room);
      target.emit(event, payload ?? {});
    },
    leaveRoom(membershipId, room) {
      io?.in(memberRoom(membershipId)).socketsLeave(room);
    },
    logoutMember(membershipId, reason) {
      io?.to(`membership.${membershipId}`).emit('Logout', { reason });
      io?.in(memberRoom(membershipId)).disconnectSockets(true);
    },
    disconnectSessions(sessionIds, reason) {
      if (!io || sessionIds.length === 0) return;
      const rooms = sessionIds.map(sessionRoom);
      if (reason) io.to(rooms).emit('Logout', { reason });
      io.in(rooms).disconnectSockets(true);
    },
    async attach(server) {
      const allowed = opts.allowedOrigins.map((o) => o.replace(/\/+$/, ''));
      io = new Server(server, {
        path: '/socket.io',
        serveClient: false,
        cors: { origin: false },
        allowRequest: (req, callback) => {
          const ok = originAllowed(req.headers.origin, req.headers.host, allowed);
          callback(ok ? null : 'origin not allowed', ok);
        },
      });
      if (opts.redis.state !== 'off') {
        // Not awaited: the server starts without Redis; subscriptions wait for it, publishing starts when it is up.
        const pub = opts.redis.client({ queue: false });
        const sub = opts.redis.client({ queue: true });
        io.adapter(fallbackAdapter(pub, sub, opts.redis, opts.log));
      }
      io.use(async (socket, next) => {
        try {
          const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
          const resolved = await resolveSession(opts.db, cookies[SESSION_COOKIE]);
          const complete = resolved && resolved.session.twoFactor === 'none';
          const actor = complete ? actorOfMember(resolved.session, resolved.member) : null;
          if (complete && !actor) {
            // Its membership ended: so does the session, and any socket it still has.
            const ended = await deleteSessions(opts.db, { id: resolved.session.id });
            if (ended.length > 0) io?.in(ended.map(sessionRoom)).disconnectSockets(true);
          }
          if (!actor) return next(new Error('unauthenticated'));
          socket.data.actor = actor;
          next();
        } catch (err) {
          opts.log.warn({ error: loggableError(err) }, 'realtime handshake failed');
          next(new Error('unauthenticated'));
        }
      });
      io.on('connection', (socket) => {
        const actor = socket.data.actor as Actor;
        socket.join([
          memberRoom(actor.membershipId),
          sessionRoom(actor.sessionId),
          echoRoom(actor.sessionId, socket.id),
        ]);
        socket.on('subscribe', async (room: unknown, ack?: (r: { ok: boolean }) => void) => {
          // The session may have ended since the handshake: check it again before every join.
          const live = await sessionExists(opts.db, actor.sessionId).catch(() => false);
          if (!live) socket.disconnect(true);
          const ok = live && typeof room === 'string' && (await roomAllowed(opts.db, actor, room).catch(() => false));
          if (ok) await socket.join(room);
          if (typeof ack === 'function') ack({ ok });
        });
        // A chat's typing whisper ({ room, typing }): relayed as `Typing` to the others in a room the socket joined,
        // never stored. Clients send it at most every 300 ms and clear it 900 ms after the last
        // (docs/product/chats.md).
        socket.on('whisper', (data: unknown) => {
          const { room, typing } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
          if (typeof room !== 'string' || room.length > CHAT_MESSAGE_MAX_LENGTH || !socket.rooms.has(room)) return;
          const channel = chatRoomChannel(room);
          if (!channel) return;
          socket.to(room).emit('Typing', { channel, user: actor.membershipId, typing: typing === true });
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
    },
  };
}
