import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('migrations', () => {
  it('match the schema: generating from the schema adds nothing', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const before = fs.readdirSync(copy).sort();
    execFileSync(
      process.execPath,
      [
        path.resolve(serverDir, '../../node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema/index.ts',
        `--out=${copy}`,
      ],
      { cwd: serverDir, stdio: 'pipe' },
    );
    expect(fs.readdirSync(copy).sort()).toEqual(before);
    fs.rmSync(copy, { recursive: true, force: true });
  }, 60_000);
});
