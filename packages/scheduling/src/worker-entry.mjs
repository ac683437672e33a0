// Entry of the worker thread that runs matching solves (see worker.ts). Plain JavaScript so that Node starts it
// without a TypeScript loader; it loads the package's TypeScript through tsx's scoped import, which works the same
// whether the parent runs under tsx (the server), under Vitest, or under plain Node.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { solveMatching } = await tsImport('./solve.ts', import.meta.url);

// One solve at a time: HiGHS and the local search are synchronous, messages queue up meanwhile.
parentPort.on('message', async ({ id, input, options }) => {
  try {
    const result = await solveMatching(input, options);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
