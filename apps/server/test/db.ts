import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { databaseUrl, onServer } from './postgres';

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
  // A copy of the run's template database (global-setup.ts): migrated, and seeded if asked.
  const templates = inject('postgresTemplates');
  const from = templates ? templates[template] : null;
  await onServer(base, [from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`]);
  const database = await openDatabase({ url: databaseUrl(base, name) });
  if (!from) await database.migrate();
  return {
    ...database,
    seeded: from !== null && template === 'sample',
    async close() {
      await database.close();
      await onServer(base, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    },
  };
}
