import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';

/** Where product code lives that must take "now" from the clock (packages/domain/src/clock.ts). */
const ROOTS = ['apps/server/src', 'packages/domain/src', 'packages/contracts/src', 'packages/scheduling/src'];
const CLOCK = path.join('packages', 'domain', 'src', 'clock.ts');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-kit|testkit/.test(entry.name) ? [full] : [];
  });
}

describe('the current time', () => {
  it('is read from the clock only: product code never calls new Date() or Date.now() (durations use performance.now)', () => {
    const offenders = ROOTS.flatMap((root) => sources(path.join(REPO_ROOT, root)))
      .filter((file) => path.relative(REPO_ROOT, file) !== CLOCK)
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(REPO_ROOT, file)}:${i + 1}` }))
          .filter(({ line }) => /new Date\(\)|Date\.now\(\)/.test(line) && !line.trim().startsWith('*'))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
