import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogParts } from './build/catalogParts';
import { contractsPure } from './build/contractsPure';
import { mantineComponentStyles } from './build/mantineStyles';
import { precompress } from './build/precompress';
import { preloadMap } from './build/preloadMap';

/**
 * Mantine's core (theme, styles API, hooks) and the components the shell itself renders (header, side navigation,
 * menus, the profile popover, dialogs and notifications), with what they build on. `npm run bench:shell` shows
 * when the shell starts using another one: it then loads the whole MANTINE_UI chunk.
 */
const SHELL_COMPONENTS = [
  'Accordion', // NavLink's chevron
  'Anchor',
  'AppShell',
  'Avatar',
  'Badge',
  'Burger',
  'Button',
  'Center',
  'CloseButton',
  'Collapse',
  'Flex',
  'FocusTrap',
  'Group',
  'Loader',
  'Menu',
  'Modal',
  'ModalBase',
  'NavLink',
  'Notification',
  'Overlay',
  'Paper',
  'Popover',
  'Portal',
  'ScrollArea',
  'Stack',
  'Text',
  'Title',
  'Tooltip',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
  // Not components: the base styles (main.tsx).
  'baseline',
  'default-css-variables',
  'global',
];
const MANTINE_COMPONENT = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;
/** A component's stylesheet (build/mantineStyles.ts): it goes with the component. */
const MANTINE_STYLE = /node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/]([^\\/.]+)(?:\.layer)?\.css$/;
const SHELL_MANTINE =
  /node_modules[\\/](@mantine[\\/](core|hooks|modals|notifications|store)|@floating-ui|react-transition-group|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib|clsx)[\\/]/;
/**
 * The other Mantine components (inputs, selects, tables, tabs, pickers…) and their libraries: one chunk the pages
 * that use them load, not the shell, and not one chunk per component (a request each on a slow phone).
 */
const MANTINE_UI =
  /node_modules[\\/](react-number-format|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest)[\\/]/;
/** The other libraries every page needs: the catalogs' runtime and the query cache. */
const SHELL_LIBRARIES =
  /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/](query-core|react-query))[\\/]/;

/** Style modules: their chunks are never inlined into several others (Vite would write their styles twice). */
const STYLE_MODULE = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [catalogParts(), contractsPure(), mantineComponentStyles(), react(), preloadMap(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The app (index.html), and the page's early reads (src/boot.ts), which the server names in signed-in pages'
      // HTML before the app's script so they start while the app's code still loads (docs/product/app.md).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        boot: fileURLToPath(new URL('src/boot.ts', import.meta.url)),
      },
      // Pages export nothing anyone reads: their chunks may lose their export signatures, as inlining needs.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // React and its router change less often than the app: their chunk stays cached across deployments. Other
          // libraries are left to the chunks of the pages that import them, so the shell carries only what the
          // first page needs (docs/product/app.md, "First load"; `npm run bench:shell`).
          groups: [{ name: (id: string) => libraryChunk(id) }],
          // Automatic splitting makes a chunk of every set of modules a different set of pages shares: dozens of
          // files under 2 KiB, a round trip each on a slow phone (six at a time over HTTP/1.1). Common chunks under
          // 20 KiB of source are copied into the chunks that read them instead; Rolldown's runtime keeps one state
          // per module across the copies (and turns on strict execution order for it). Styles stay files (a copy
          // would emit them twice).
          experimentalInlineCommonChunks: { maxSize: 20 * 1024, exclude: STYLE_MODULE },
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

/** The chunk a library module (or a catalog's part) goes to, or undefined: automatic splitting places the rest. */
function libraryChunk(id: string): string | undefined {
  // A catalog's part (build/catalogParts.ts): named by its language and part.
  const catalog = /^\0virtual:catalog\/(\w+)\/(first|later)$/.exec(id);
  if (catalog) return `${catalog[1]}-${catalog[2]}`;
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  const component = MANTINE_COMPONENT.exec(id)?.[1] ?? MANTINE_STYLE.exec(id)?.[1];
  if (component) return SHELL_COMPONENTS.includes(component) ? 'mantine' : 'mantine-ui';
  if (SHELL_MANTINE.test(id)) return 'mantine';
  if (MANTINE_UI.test(id)) return 'mantine-ui';
  if (SHELL_LIBRARIES.test(id)) return 'vendor';
  // The contracts' schemas: every page that reads or sends data uses zod, the shell does not (app/api.ts).
  if (/node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
  // Icons are left to the chunks that draw them (the shell only carries its own): the small common chunks they
  // make are inlined (experimentalInlineCommonChunks above).
  return undefined;
}
