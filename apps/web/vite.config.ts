import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { preloadMap } from './build/preloadMap';

/**
 * Mantine's core and what it builds on: the shell's header, menus and dialogs use them. Its dates, forms and charts
 * (and their libraries: dayjs, react-number-format, recharts) are not here: they load with the pages that use them.
 */
const SHELL_MANTINE =
  /node_modules[\\/](@mantine[\\/](core|hooks|modals|notifications|store)|@floating-ui|react-transition-group|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib|clsx|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest)[\\/]/;
/** The other libraries every page needs: the catalogs' runtime, the query cache, the contracts' schemas. */
const SHELL_LIBRARIES =
  /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](query-core|react-query)|zod)[\\/]/;

const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadMap(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React and its router change less often than the app: their chunk stays cached across deployments. Other
        // libraries are left to the chunks of the pages that import them, so the shell carries only what the
        // first page needs (docs/product/app.md, "First load"; `npm run bench:shell`).
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (SHELL_MANTINE.test(id)) return 'mantine';
          if (SHELL_LIBRARIES.test(id)) return 'vendor';
          // Icons one file each would be dozens of requests on a page: one chunk of all the app uses (small).
          if (/node_modules[\\/]@tabler[\\/]/.test(id)) return 'icons';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
});
