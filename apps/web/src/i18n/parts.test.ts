import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogPart, FIRST_PART_ROUTES, LATER_NAMESPACES } from './parts';

const src = fileURLToPath(new URL('..', import.meta.url));
const catalog = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(src, 'i18n', `${locale}.json`), 'utf8')) as Record<string, unknown>;

/** A relative import's file, or null (packages, styles and catalogs are not followed). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(file) && fs.statSync(file).isFile() && !/\.(css|json)$/.test(file)) return file;
  }
  return null;
}

/**
 * The modules the shell and the roster can run before the later part has loaded: everything the entries, the shell's
 * widgets and the roster's page import, statically or lazily, except the other pages (app/pages.ts lists them all).
 */
function rosterWorld(): Set<string> {
  const pages = path.join(src, 'app/pages.ts');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file === pages) return;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const next = resolveImport(file, specifier as string);
      if (next) visit(next);
    }
  };
  for (const entry of ['main.tsx', 'boot.ts', 'router.tsx', 'shellSlots.tsx', 'features/roster/RosterPage.tsx']) {
    visit(path.join(src, entry));
  }
  return seen;
}

describe("the catalogs' two parts", () => {
  it('together are each whole catalog, with no namespace in both', () => {
    for (const locale of ['en', 'de', 'nl', 'pl']) {
      const whole = catalog(locale);
      const first = catalogPart(whole, 'first');
      const later = catalogPart(whole, 'later');
      expect({ ...first, ...later }).toEqual(whole);
      expect(Object.keys(first).filter((ns) => ns in later)).toEqual([]);
      expect(Object.keys(later).length).toBeGreaterThan(0);
    }
    // Every later namespace exists: a renamed one would silently move into the first part.
    expect(LATER_NAMESPACES.filter((ns) => !(ns in catalog('en')))).toEqual([]);
  });

  it("hold in the first part every namespace the shell and the roster's modules name", () => {
    const world = rosterWorld();
    // The walk reaches the roster's page and its lazy parts, and the shell's widgets.
    for (const file of [
      'features/roster/toolbox/ItemToolbox.tsx',
      'features/help/HelpPanel.tsx',
      'app/layouts/SideNav.tsx',
    ]) {
      expect(world.has(path.join(src, file))).toBe(true);
    }
    const named = [...world].flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return LATER_NAMESPACES.filter((ns) => new RegExp(`['"\`]${ns}\\.[A-Za-z]`).test(text)).map(
        (ns) => `${path.relative(src, file)}: ${ns}`,
      );
    });
    expect(named).toEqual([]);
    expect(FIRST_PART_ROUTES).toEqual(['roster', 'rosterLocation']);
  });
});
