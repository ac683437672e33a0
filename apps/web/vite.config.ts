import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // Libraries of one lazy route (the roster's drag and drop and virtual grid) load with it, not the shell.
          if (/node_modules\/(@dnd-kit|@tanstack\/(react-)?virtual)/.test(id)) return undefined;
          // The statistics page's charts (recharts and its d3 parts) likewise: they are most of a megabyte.
          if (
            /node_modules\/(@mantine\/charts|recharts|recharts-scale|victory-vendor|d3-[a-z-]+|react-smooth|decimal\.js-light|lodash)\//.test(
              id,
            )
          )
            return undefined;
          if (id.includes('@mantine')) return 'mantine';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('zod')) return 'zod';
          if (/socket\.io|engine\.io/.test(id)) return 'realtime';
          return 'vendor';
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
