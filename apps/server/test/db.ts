import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a database of its own on PostgreSQL when
 * TEST_DATABASE_URL is set (dropped again by `close`).
 */
export async function createTestDatabase(
  template: 'empty' | 'sample' = 'empty',
): Promise<Database & { seeded: boolean }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    // Started from the run's template (see global-setup.ts) when there is one: migrated, and seeded if asked.
    const templates = inject('pgliteTemplates');
    if (templates) {
      const database = await openDatabase({
        dataDir: null,
        loadDataDir: new Blob([fs.readFileSync(templates[template])]),
      });
      return { ...database, seeded: template === 'sample' };
    }
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return { ...database, seeded: false };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    seeded: false,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
