import fs from 'node:fs';
import path from 'node:path';
import { routeOfPath } from '@app/domain';

/** The web build's preload.json (apps/web/build/preloadMap.ts). */
interface PreloadMap {
  pages: Record<string, { scripts: string[]; styles: string[] }>;
  /** Per language, its catalog's first part; `laterCatalogs` the rest, for pages beyond `firstCatalogOnly`. */
  catalogs: Record<string, string[]>;
  laterCatalogs?: Record<string, string[]>;
  firstCatalogOnly?: string[];
  /** What a signed-in page's shell loads beside asking who is signed in. */
  signedIn?: string[];
  /** The page's early reads: their script, then what it imports. */
  boot?: string[];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The web app's page for a path: index.html with preload links for what that page will ask for once the shell runs
 * (its language's catalog, on signed-in pages the schema of who is signed in, its page's chunks and styles), so a
 * phone fetches them beside the shell instead of one slow round trip later each (docs/product/app.md, "First load").
 * A signed-in page also runs the early reads' script before the app's (who is signed in, and on the roster its first
 * read), told by `<meta name="early-reads">` what to ask and in which language. Built once per language and route.
 */
export function webPages(webDist: string): { html(pathname: string): string } {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const mapFile = path.join(webDist, 'preload.json');
  const map: PreloadMap = fs.existsSync(mapFile)
    ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as PreloadMap)
    : { pages: {}, catalogs: {} };
  const built = new Map<string, string>();
  return {
    html(pathname) {
      const found = routeOfPath(pathname);
      const key = found ? `${found.locale}:${found.route.key}` : '';
      let html = built.get(key);
      if (html === undefined) {
        const page = found ? map.pages[found.route.key] : undefined;
        const signedIn = found?.route.group === 'backend' ? (map.signedIn ?? []) : [];
        // The roster renders with its catalog's first part; other pages need the rest too.
        const later = found && !map.firstCatalogOnly?.includes(found.route.key);
        const catalog = found
          ? [...(map.catalogs[found.locale] ?? []), ...(later ? (map.laterCatalogs?.[found.locale] ?? []) : [])]
          : [];
        const scripts = found ? [...new Set([...catalog, ...signedIn, ...(page?.scripts ?? [])])] : [];
        const links = [
          // Low, the styles too: the browser's queue (six connections) sends the shell's own files and the early
          // reads before these (the shell's code is what runs first).
          ...scripts.map(
            (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${attribute(href)}">`,
          ),
          ...(page?.styles ?? []).map(
            (href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${attribute(href)}">`,
          ),
        ];
        html = links.length ? index.replace('</head>', `${links.join('')}</head>`) : index;
        const [boot, ...bootImports] = found?.route.group === 'backend' ? (map.boot ?? []) : [];
        if (found && boot) {
          // Before the app's script: module scripts run in document order, and these must not wait for the app.
          const roster = found.route.key === 'roster' ? ' data-roster' : '';
          const early = [
            `<meta name="early-reads" data-lang="${attribute(found.locale)}"${roster}>`,
            ...bootImports.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
            // Async: it runs as soon as it is in, not after the page's styles as a deferred script would.
            `<script type="module" async crossorigin src="${attribute(boot)}"></script>`,
          ].join('');
          html = html.replace('<script type="module"', `${early}<script type="module"`);
        }
        built.set(key, html);
      }
      return html;
    },
  };
}
