import { Worker } from 'node:worker_threads';
import type { RosterInstance } from './rostering/instance';
import type { RosterSolveResult } from './rostering/solve-roster';
import type { MatchingInput, MatchingResult, SolveOptions } from './types';

export interface WorkerOptions extends SolveOptions {
  /** Stops the solve and rejects: the worker is terminated (a new one starts with the next solve). */
  signal?: AbortSignal;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

interface Pending {
  resolve: (result: never) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

let current: Slot | null = null;
let nextId = 1;

function failAll(slot: Slot, error: unknown) {
  for (const p of slot.pending.values()) p.reject(error);
  slot.pending.clear();
}

function retire(slot: Slot) {
  if (current === slot) current = null;
}

function shared(): Slot {
  if (current) return current;
  const slot: Slot = { worker: new Worker(new URL('./worker-entry.mjs', import.meta.url)), pending: new Map() };
  const w = slot.worker;
  w.on('message', (reply: Reply) => {
    const p = slot.pending.get(reply.id);
    if (!p) return;
    slot.pending.delete(reply.id);
    if (slot.pending.size === 0) w.unref();
    if (reply.ok) p.resolve(reply.result as never);
    else p.reject(new Error(reply.message));
  });
  w.on('error', (error) => {
    retire(slot);
    failAll(slot, error);
  });
  w.on('exit', (code) => {
    retire(slot);
    failAll(slot, new Error(`matching worker exited with code ${code}`));
  });
  w.unref();
  current = slot;
  return slot;
}

/**
 * Runs `solveMatching` off the calling thread, in a worker thread shared by the calls of this process: the
 * caller's event loop stays free while HiGHS (synchronous WebAssembly) and the local search run. Solves queue in
 * the worker and run one at a time. The worker is kept between calls because HiGHS's WebAssembly gets fast only
 * after its first use (the first solve of a fresh worker takes about a second longer); it does not keep the
 * process alive while idle. The input and result cross the thread boundary by structured clone.
 */
export function solveInWorker(input: MatchingInput, options: WorkerOptions = {}): Promise<MatchingResult> {
  const { signal, ...solveOptions } = options;
  return post<MatchingResult>({ input, options: solveOptions }, signal);
}

/**
 * Runs auto-roster's `solveRoster` in the same worker (README.md, "Auto-roster"); aborting ends the worker like a
 * cancelled matching solve.
 */
export function solveRosterInWorker(
  instance: RosterInstance,
  options: { timeLimitMs: number; seed?: number; signal?: AbortSignal },
): Promise<RosterSolveResult> {
  const { signal, ...solveOptions } = options;
  return post<RosterSolveResult>({ kind: 'roster', input: instance, options: solveOptions }, signal);
}

function post<T>(message: Record<string, unknown>, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const slot = shared();
    const id = nextId++;
    const onAbort = () => {
      // A synchronous solve cannot be interrupted from outside: end the worker (and every solve queued in it).
      retire(slot);
      failAll(slot, signal?.reason ?? new Error('aborted'));
      void slot.worker.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    slot.pending.set(id, {
      resolve: (result) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      },
      reject: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    slot.worker.ref();
    slot.worker.postMessage({ id, ...message });
  });
}

/** Ends the shared worker (at shutdown, or in tests); a later solve starts a new one. */
export async function closeMatchingWorker(): Promise<void> {
  const slot = current;
  current = null;
  if (slot) await slot.worker.terminate();
}
