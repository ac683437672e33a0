import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The stylesheets of Mantine's core that are not a component's: imported once, by the entry (main.tsx). */
const BASE = new Set(['baseline', 'default-css-variables', 'global']);

/** The module under esm/ that a component's stylesheet belongs to (`Button` → components/Button/Button.mjs). */
function modulesByName(dir: string, found = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) modulesByName(path, found);
    else if (entry.name.endsWith('.mjs')) {
      const name = entry.name.slice(0, -'.mjs'.length);
      if (!found.has(name)) found.set(name, path);
    }
  }
  return found;
}

/**
 * Mantine's component styles travel with the components: each component's module imports its own stylesheet
 * (`@mantine/core/styles/Button.layer.css`), so a chunk carries the styles of the components it holds. The shell then
 * carries the styles of the components it renders, not all of Mantine's (29 KiB gzipped; `npm run bench:shell`), and
 * a page's chunks bring the rest. The stylesheet is imported after the module's own imports, so a component's styles
 * follow those of the components it builds on, as in Mantine's styles.css. All of Mantine's styles are in the
 * `mantine` cascade layer (the `.layer.css` files, here and in main.tsx), so the app's own styles win over them
 * whichever order a page's stylesheets arrive in.
 */
export function mantineComponentStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@mantine/core/styles.css'));
  const modules = modulesByName(join(root, 'esm'));
  const styleOf = new Map<string, string>();
  for (const file of readdirSync(join(root, 'styles'))) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const name = file.slice(0, -'.css'.length);
    if (BASE.has(name)) continue;
    const module = modules.get(name);
    if (!module) throw new Error(`mantine styles: no module for @mantine/core/styles/${file}`);
    styleOf.set(module, `@mantine/core/styles/${name}.layer.css`);
  }
  if (!existsSync(join(root, 'styles/Button.css')) || styleOf.size < 50) {
    throw new Error('mantine styles: @mantine/core/styles/ no longer holds one stylesheet per component');
  }
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      const style = styleOf.get(id.split('?')[0] as string);
      return style ? { code: `${code}\nimport '${style}';\n`, map: null, moduleSideEffects: false } : undefined;
    },
  };
}
