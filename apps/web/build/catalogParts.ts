import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { type CatalogPart, catalogPart } from '../src/i18n/parts';

const PREFIX = 'virtual:catalog/';
const CATALOGS = fileURLToPath(new URL('../src/i18n/', import.meta.url));

/**
 * `import('virtual:catalog/{locale}/{first|later}')`: one part of a language's catalog (src/i18n/parts.ts), as
 * `JSON.parse` of a string (quicker for the browser to read than an object literal of that size). Each part is a
 * chunk of its own.
 */
export function catalogParts(): Plugin {
  return {
    name: 'catalog-parts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/');
      if (!/^[a-z]{2}$/.test(locale ?? '') || (part !== 'first' && part !== 'later')) {
        this.error(`catalog parts: no such part ${id.slice(1)}`);
      }
      const file = `${CATALOGS}${locale}.json`;
      this.addWatchFile(file);
      const picked = catalogPart(JSON.parse(readFileSync(file, 'utf8')), part as CatalogPart);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
