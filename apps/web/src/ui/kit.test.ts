import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The ui kit speaks its own words (`ui.*`) or the app's shared ones, never a feature's (which it must not know). */
const SHARED = ['ui', 'common', 'validation', 'password', 'passwordRules', 'errors', 'app'];

const ui = fileURLToPath(new URL('.', import.meta.url));

describe('the ui kit', () => {
  it("uses catalog keys of its own namespace or the shared ones, none of a feature's", () => {
    const foreign: string[] = [];
    for (const name of readdirSync(ui).filter((n) => /\.tsx?$/.test(n) && !n.endsWith('.test.ts'))) {
      const text = readFileSync(join(ui, name), 'utf8');
      for (const m of text.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)) {
        if (!SHARED.includes(m[1])) foreign.push(`${name}: ${m[1]}.*`);
      }
    }
    expect(foreign).toEqual([]);
  });
});
