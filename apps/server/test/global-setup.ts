import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedSampleData } from '../src/sample/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding PGlite data directories: migrated and empty, and migrated with the sample companies. */
    pgliteTemplates: { empty: string; sample: string } | null;
  }
}

/**
 * Starting PGlite, migrating and seeding cost seconds per test file. On PGlite, do it once for the run and let
 * each file start from a copy of the data directory.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplates', null);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-templates-'));
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const write = async (name: string) => {
    const file = path.join(dir, `${name}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    return file;
  };
  const empty = await write('empty');
  await seedSampleData(database.db, { roster: false });
  const sample = await write('sample');
  await database.close();
  project.provide('pgliteTemplates', { empty, sample });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
