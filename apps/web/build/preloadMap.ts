import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { FIRST_PART_ROUTES } from '../src/i18n/parts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** What the server names in a page's HTML so the browser fetches it at once, beside the shell. */
export interface PreloadMap {
  /** Per route key: the page's scripts beyond the shell, and its styles. */
  pages: Record<string, { scripts: string[]; styles: string[] }>;
  /** Per language: its catalog's first part's scripts. */
  catalogs: Record<string, string[]>;
  /** Per language: the scripts of its catalog's later part, which pages beyond `firstCatalogOnly` load too. */
  laterCatalogs: Record<string, string[]>;
  /** The routes whose pages render with the catalog's first part (src/i18n/parts.ts). */
  firstCatalogOnly: string[];
  /** What a signed-in page's shell loads beside asking who is signed in (the answer's schema, app/session.ts). */
  signedIn: string[];
  /** The page's early reads (src/boot.ts): its script, then what it imports. */
  boot: string[];
}

/**
 * Modules the shell imports at start beside its first calls, not through a page's chunk: on signed-in pages the init
 * answer's schema (app/session.ts), on /{lang}/roster the roster's first read (app/prefetch.ts).
 */
const INIT_SCHEMA = 'app/initSchema';
const STARTED_WITH: Record<string, string[]> = { roster: ['features/roster/prefetchStart'] };

/** `key: () => import('../features/…/Page')` in app/pages.ts. */
const PAGE_IMPORT = /(\w+): \(\) => import\('\.\.\/([^']+)'\)/g;
const CSS = /\.css($|\?)/;
/** A catalog part's module (build/catalogParts.ts). */
const CATALOG_PART = /^\0virtual:catalog\/(\w+)\/(first|later)$/;

/**
 * Writes preload.json beside index.html: for each page of app/pages.ts and each language's catalog, the chunks the
 * browser would otherwise only learn of after the shell has loaded and run (one more round trip each wave on a slow
 * phone). The server adds them to the page's HTML as preload links (docs/product/app.md, "First load").
 */
export function preloadMap(): Plugin {
  let src = '';
  return {
    name: 'preload-map',
    apply: 'build',
    configResolved(config) {
      src = join(config.root, 'src');
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const bySource = new Map<string, OutputChunk>();
      // The chunk a page's module is in (with entry signatures not preserved a page's chunk may have no facade).
      for (const chunk of chunks) {
        const ids = chunk.facadeModuleId ? [chunk.facadeModuleId, ...chunk.moduleIds] : chunk.moduleIds;
        for (const id of ids) {
          const key = relative(src, id).replace(/\.tsx?$/, '');
          if (!bySource.has(key)) bySource.set(key, chunk);
        }
      }
      const closure = (start: OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') visit(next);
          }
        };
        for (const chunk of start) visit(chunk);
        return seen;
      };
      const shell = closure(chunks.filter((c) => c.isEntry));
      const bootChunk = chunks.find((c) => c.isEntry && c.name === 'boot');
      if (!bootChunk) this.error('preload map: no chunk for the early reads (src/boot.ts)');
      const stylesOf = (files: Set<string>) => {
        const styles = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        return styles;
      };
      const shellStyles = stylesOf(shell);
      // A chunk of styles only: Vite writes its styles and drops its script (a preload of it would answer 404),
      // unless the script exports something (with strict execution order, the styles' wrapper), which stays.
      const stylesOnly = (file: string) => {
        const chunk = bundle[file] as OutputChunk;
        return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => CSS.test(id)) && chunk.exports.length === 0;
      };
      const beyondShell = (chunk: OutputChunk) => {
        const files = [...closure([chunk])].filter((f) => !shell.has(f));
        const styles = [...stylesOf(new Set(files))].filter((f) => !shellStyles.has(f));
        return {
          scripts: files.filter((f) => !stylesOnly(f)).map((f) => `/${f}`),
          styles: styles.map((f) => `/${f}`),
        };
      };

      const chunkOf = (module: string, what: string) => {
        const chunk = bySource.get(module);
        if (!chunk) this.error(`preload map: no chunk for ${what} (${module})`);
        return chunk;
      };
      const map: PreloadMap = {
        pages: {},
        catalogs: {},
        laterCatalogs: {},
        firstCatalogOnly: [...FIRST_PART_ROUTES],
        signedIn: beyondShell(chunkOf(INIT_SCHEMA, 'init')).scripts,
        boot: [...closure([bootChunk])].map((f) => `/${f}`),
      };
      for (const [, key, module] of readFileSync(join(src, 'app/pages.ts'), 'utf8').matchAll(PAGE_IMPORT)) {
        const page = beyondShell(chunkOf(module as string, `page ${key}`));
        for (const started of STARTED_WITH[key as string] ?? []) {
          const more = beyondShell(chunkOf(started, `${key}'s start`));
          page.scripts = [...new Set([...page.scripts, ...more.scripts])];
          page.styles = [...new Set([...page.styles, ...more.styles])];
        }
        map.pages[key as string] = page;
      }
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const [, locale, part] = CATALOG_PART.exec(id) ?? [];
          if (!locale) continue;
          (part === 'first' ? map.catalogs : map.laterCatalogs)[locale] = beyondShell(chunk).scripts;
        }
      }
      if (Object.keys(map.pages).length === 0 || Object.keys(map.catalogs).length === 0) {
        this.error(
          'preload map: app/pages.ts no longer lists its imports as this plugin reads them, or no catalog parts',
        );
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(map) });
    },
  };
}
