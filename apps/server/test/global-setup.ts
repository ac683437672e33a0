import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clockFrom, setClock } from '@app/domain';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedSampleData } from '../src/sample/seed';
import { DEFAULT_TEST_NOW } from './clock.setup';
import { databaseUrl, onServer } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding PGlite data directories: migrated and empty, and migrated with the sample companies. */
    pgliteTemplates: { empty: string; sample: string } | null;
    /** On PostgreSQL, the names of template databases: migrated and empty, and migrated with the sample companies. */
    postgresTemplates: { empty: string; sample: string } | null;
  }
}

/**
 * Starting a database, migrating and seeding cost seconds per test file. Do it once for the run and let each file
 * start from a copy: of a PGlite data directory, or of a PostgreSQL template database (CREATE DATABASE … TEMPLATE).
 * The sample is seeded on the tests' clock (clock.setup.ts), as a file seeding its own would.
 */
export default async function setup(project: TestProject) {
  setClock(clockFrom(process.env.TEST_NOW || DEFAULT_TEST_NOW));
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    project.provide('pgliteTemplates', null);
    const templates = await postgresTemplates(base);
    project.provide('postgresTemplates', templates);
    return () => dropDatabases(base, [templates.empty, templates.sample]);
  }
  project.provide('postgresTemplates', null);
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

async function postgresTemplates(base: string) {
  const suffix = `${Date.now()}_${randomBytes(4).toString('hex')}`;
  const empty = `tpl_empty_${suffix}`;
  const sample = `tpl_sample_${suffix}`;
  await onServer(base, [`CREATE DATABASE ${empty}`]);
  const database = await openDatabase({ url: databaseUrl(base, empty) });
  await database.migrate();
  await database.close();
  // The sample template starts from the empty one, so the migrations run once.
  await onServer(base, [`CREATE DATABASE ${sample} TEMPLATE ${empty}`]);
  const seeded = await openDatabase({ url: databaseUrl(base, sample) });
  await seedSampleData(seeded.db, { roster: false });
  await seeded.close();
  return { empty, sample };
}

async function dropDatabases(base: string, names: string[]) {
  await onServer(
    base,
    names.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}
