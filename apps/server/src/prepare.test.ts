import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('two instances started together on an empty PostgreSQL database', () => {
  const name = `test_start_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: base });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('both migrate and create the sample under the start-up lock: one does the work, the other waits and finds it done', async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    const [a, b] = await Promise.all([
      openDatabase({ url: url.toString(), log }),
      openDatabase({ url: url.toString(), log }),
    ]);
    try {
      const opts = { sample: true, where: name, log };
      const seeded = await Promise.all([prepareDatabase(a, opts), prepareDatabase(b, opts)]);
      expect(seeded.sort()).toEqual([false, true]);
      expect(lines).toContain('another instance is migrating the database: waiting for it');
      const accounts = await a.executeSql('select count(*)::int as n from accounts');
      // The sample's companies, once: Bistro Central, Corner Store and the unfinished Fresh Corner Shop.
      expect(accounts.rows[0].n).toBe(3);
      // A later start finds nothing to do.
      expect(await prepareDatabase(b, opts)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  }, 300_000);
});
