import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The web README's table (feature ↔ server domain ↔ contract module) names every feature, and only what exists. */
const features = fileURLToPath(new URL('.', import.meta.url));
const repo = join(features, '../../../..');
const readme = readFileSync(join(repo, 'apps/web/README.md'), 'utf8');

const rows = [...readme.matchAll(/^\| (\w+) \| ([\w, ]+) \| ([\w., ]+) \|$/gm)].map((m) => ({
  feature: m[1],
  domains: m[2].split(',').map((s) => s.trim()),
  modules: m[3].split(',').map((s) => s.trim()),
}));

describe('the web README', () => {
  it('names every feature folder once', () => {
    const folders = readdirSync(features).filter((name) => statSync(join(features, name)).isDirectory());
    expect(rows.map((r) => r.feature).sort()).toEqual(folders.sort());
  });

  it('names server domains and contract modules that exist', () => {
    const missing = rows.flatMap((r) => [
      ...r.domains.filter((d) => !existsSync(join(repo, 'apps/server/src/domains', d))).map((d) => `domain ${d}`),
      ...r.modules.filter((m) => !existsSync(join(repo, 'packages/contracts/src', m))).map((m) => `module ${m}`),
    ]);
    expect(missing).toEqual([]);
  });
});
