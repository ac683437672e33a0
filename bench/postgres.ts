import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';

/** The PostgreSQL server the benchmarks use: DATABASE_URL, else the local test server. */
export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * A database of its own on PostgreSQL, `<prefix>_<random>`, dropped by `close`; null (with a message) when
 * PostgreSQL cannot be reached.
 */
export async function openPostgres(prefix: string): Promise<Database | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL at ${redact(POSTGRES_URL)} is not reachable (${(err as Error).message}): skipped.`);
    return null;
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/**
 * Drops the database once the pool's connections are gone. The pool's `end` resolves before its connections
 * have closed, and terminating one of them (DROP DATABASE … WITH (FORCE)) makes the pool emit an error nobody
 * listens to, which ends the process: so wait for them first, and force only as the last resort.
 */
async function dropDatabase(name: string) {
  const dropper = new pg.Client({ connectionString: POSTGRES_URL });
  await dropper.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        // 55006: the database is still being accessed by other users.
        if ((err as { code?: string }).code !== '55006') throw err;
        await sleep(100);
      }
    }
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await dropper.end();
  }
}
