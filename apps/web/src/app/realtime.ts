import { type InitResponse, REALTIME_EVENTS, type RealtimeEventName, type RealtimeEvents } from '@app/contracts';
import type { Socket } from 'socket.io-client';
import { setSocketId } from './api';
import { afterFirstContent } from './firstContent';
import { noteServerUpdated } from './updates';

export interface RealtimeHandlers {
  onReinit: () => void;
  onLogout: () => void;
}

let socket: Socket | null = null;

/** Events the pages listen to (they invalidate their queries; payloads only say what changed). */
export type RealtimeEvent = Exclude<RealtimeEventName, 'AppUpdated' | 'Reinit' | 'Logout'>;
/** The shell handles these itself; every other event of the contract is forwarded to the pages' listeners. */
const SHELL_EVENTS = new Set<RealtimeEventName>(['AppUpdated', 'Reinit', 'Logout']);
const FORWARDED = REALTIME_EVENTS.filter((e): e is RealtimeEvent => !SHELL_EVENTS.has(e));
/** Rooms a page joined on top of the session's (a chat's private room): joined again after a reconnect. */
const extraRooms = new Map<string, number>();

function subscribeRoom(s: Socket, room: string) {
  s.emit('subscribe', room, (ack: { ok: boolean } | undefined) => {
    if (!ack?.ok) console.warn(`realtime: subscription to ${room} refused`);
  });
}

/** Joins a room while the caller needs it (counted, so two pages can share one); answers the function that leaves. */
export function joinRoom(room: string): () => void {
  extraRooms.set(room, (extraRooms.get(room) ?? 0) + 1);
  if (socket?.connected && extraRooms.get(room) === 1) subscribeRoom(socket, room);
  return () => {
    const n = (extraRooms.get(room) ?? 1) - 1;
    if (n > 0) {
      extraRooms.set(room, n);
      return;
    }
    extraRooms.delete(room);
    socket?.emit('unsubscribe', room);
  };
}

/** A whisper to the others in a joined room (a chat's typing indicator); never stored. */
export function whisper(room: string, typing: boolean) {
  socket?.emit('whisper', { room, typing });
}
type Listener<E extends RealtimeEvent> = (payload: RealtimeEvents[E]) => void;
const listeners = new Map<RealtimeEvent, Set<Listener<never>>>();

/** Listens to a realtime event while the session's connection is open; answers the function that stops it. */
export function onRealtime<E extends RealtimeEvent>(event: E, listener: Listener<E>): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  const entry = listener as Listener<never>;
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}

function dispatch(event: RealtimeEvent, payload: unknown) {
  // The server sends the contract's payloads; an event without one arrives as an empty object.
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as never;
  for (const listener of listeners.get(event) ?? []) listener(data);
}

/** The rooms a signed-in member listens to (docs/product/app.md). */
export function roomsFor(init: InitResponse): string[] {
  return [
    'app',
    `account.${init.account.id}`,
    `membership.${init.membership.id}`,
    `notification.${init.membership.id}`,
  ];
}

let generation = 0;

/**
 * Opens the realtime connection; events only invalidate or end the session, they never carry state. The client
 * library loads here, once the page has shown its first content, not with the app's shell (docs/product/app.md,
 * "First load").
 */
export function startRealtime(init: InitResponse, handlers: RealtimeHandlers) {
  stopRealtime();
  const started = ++generation;
  void afterFirstContent()
    .then(() => import('socket.io-client'))
    .then(({ io }) => {
      // Stopped or started again while the library loaded: this start is void.
      if (started !== generation) return;
      connect(io({ path: '/socket.io', withCredentials: true }), init, handlers);
    });
}

function connect(s: Socket, init: InitResponse, handlers: RealtimeHandlers) {
  socket = s;
  s.on('connect', () => {
    setSocketId(s.id ?? null);
    for (const room of [...roomsFor(init), ...extraRooms.keys()]) subscribeRoom(s, room);
  });
  s.on('disconnect', () => setSocketId(null));
  s.on('AppUpdated', (payload: { updated?: string } | undefined) => {
    if (payload?.updated) noteServerUpdated(payload.updated);
  });
  s.on('Reinit', () => handlers.onReinit());
  for (const event of FORWARDED) s.on(event, (payload: unknown) => dispatch(event, payload));
  s.on('Logout', () => handlers.onLogout());
}

export function stopRealtime() {
  generation++;
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  setSocketId(null);
}
