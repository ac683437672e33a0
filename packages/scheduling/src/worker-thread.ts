// The body of the matching worker thread (see worker.ts). In development and tests `worker-entry.mjs` loads this
// file through tsx; the server's build bundles it as its own `worker-entry.mjs` beside the compiled server.
import { parentPort } from 'node:worker_threads';
import type { RosterInstance } from './rostering/instance';
import { solveRoster } from './rostering/solve-roster';
import { solveMatching } from './solve';
import type { MatchingInput, SolveOptions } from './types';

type Message =
  | { id: number; kind?: 'matching'; input: MatchingInput; options: SolveOptions }
  | { id: number; kind: 'roster'; input: RosterInstance; options: { timeLimitMs: number; seed?: number } };

// One solve at a time: HiGHS and the local search are synchronous, messages queue up meanwhile. Auto-roster's
// solves (kind roster) share the worker with the matching wizard's.
parentPort?.on('message', async (message: Message) => {
  const { id } = message;
  try {
    const result =
      message.kind === 'roster'
        ? await solveRoster(message.input, message.options)
        : await solveMatching(message.input, message.options);
    parentPort?.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
