import { defineConfig } from 'tsup';

/**
 * The server as plain JavaScript for `npm start`: one ES module with the workspace packages (contracts, domain,
 * scheduling) bundled in, every npm dependency left to node_modules (native and WASM packages load their own files),
 * and the matching worker as `worker-entry.mjs` beside it, where `new URL('./worker-entry.mjs', import.meta.url)`
 * finds it.
 */
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'worker-entry': '../../packages/scheduling/src/worker-thread.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  outExtension: () => ({ js: '.mjs' }),
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: false,
  skipNodeModulesBundle: true,
  noExternal: [/^@app\//],
});
