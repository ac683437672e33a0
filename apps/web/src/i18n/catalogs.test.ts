import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, LOCALES, MODULES, ROLES } from '@app/contracts';
import { MENU, type PasswordProblem } from '@app/domain';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import nl from './nl.json';
import pl from './pl.json';

const catalogs: Record<string, unknown> = { en, de, nl, pl };

/** Every leaf of a catalog as dotted key → value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) {
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(catalogs).map(([l, c]) => [l, flatten(c)]));
const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const PASSWORD_PROBLEMS = [
  'required',
  'tooShort',
  'noNumber',
  'noLower',
  'noUpper',
  'noSpaces',
  'invalidCharacter',
] as const satisfies readonly PasswordProblem[];

/** Keys the product must be able to word, whatever the components use today. */
const requiredKeys = [
  ...ERROR_CODES.map((c) => `errors.${c}`),
  ...MODULES.flatMap((m) => [`modules.${m}.name`, `modules.${m}.description`]),
  ...MENU.map((e) => `menu.${e.key}`),
  ...ROLES.map((r) => `roles.${r}`),
  ...PASSWORD_PROBLEMS.map((p) => `password.${p}`),
  ...LOCALES.map((l) => `languages.${l}`),
];

describe('catalogs', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    it(`${locale} has exactly the keys of en`, () => {
      const keys = [...flat[locale].keys()].sort();
      const reference = [...flat.en.keys()].sort();
      expect(
        reference.filter((k) => !flat[locale].has(k)),
        'missing',
      ).toEqual([]);
      expect(
        keys.filter((k) => !flat.en.has(k)),
        'extra',
      ).toEqual([]);
    });

    it(`${locale} has no empty messages`, () => {
      const empty = [...flat[locale]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    it(`${locale} uses the same interpolation variables as en`, () => {
      const wrong = [...flat.en]
        .filter(([k, v]) => flat[locale].has(k) && variables(v).join() !== variables(flat[locale].get(k)).join())
        .map(([k]) => k);
      expect(wrong).toEqual([]);
    });

    it(`${locale} words every error code, module, menu entry, role and password rule`, () => {
      expect(requiredKeys.filter((k) => !flat[locale].has(k))).toEqual([]);
    });
  }

  it('holds every key the components ask for literally', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
      for (const m of source.matchAll(/'((?:overview|modulesPage)\.[a-zA-Z]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !flat.en.has(k)).sort()).toEqual([]);
  });
});
