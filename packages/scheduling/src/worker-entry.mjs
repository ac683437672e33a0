// Entry of the worker thread that runs matching solves (see worker.ts), for development and tests. Plain
// JavaScript so that Node starts it without a TypeScript loader; it loads the TypeScript body through tsx's scoped
// import, which works whether the parent runs under tsx or under Vitest. The compiled server ships its own bundled
// `worker-entry.mjs` instead (apps/server/tsup.config.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker-thread.ts', import.meta.url);
