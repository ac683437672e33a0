// The body of the matching worker thread (see worker.ts). In development and tests `worker-entry.mjs` loads this
// file through tsx; the server's build bundles it as its own `worker-entry.mjs` beside the compiled server.
import { parentPort } from 'node:worker_threads';
import { solveMatching } from './solve';
import type { MatchingInput, SolveOptions } from './types';

// One solve at a time: HiGHS and the local search are synchronous, messages queue up meanwhile.
parentPort?.on(
  'message',
  async ({ id, input, options }: { id: number; input: MatchingInput; options: SolveOptions }) => {
    try {
      const result = await solveMatching(input, options);
      parentPort?.postMessage({ id, ok: true, result });
    } catch (error) {
      parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  },
);
