import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedSampleData } from '../sample/seed';
import { backupDataDir, type DataDirLock, holdDataDir, notEmpty, restoreDataDir } from './backup';
import { type Database, openDatabase } from './client';

/** Row counts of every table of the product and of the job queue. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const { rows: tables } = await database.executeSql(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'jobs') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables as { name: string }[]) {
    const [schema, table] = name.split('.');
    const { rows } = await database.executeSql(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[name] = rows[0].n;
  }
  return counts;
}

/** A few rows in full: people with their password hashes, companies, plannings, and one person's memberships. */
async function someRows(database: Database) {
  const q = async (sql: string) => (await database.executeSql(sql)).rows;
  return {
    users: await q('select id, email, fname, lname, password_hash, locale from users order by email'),
    accounts: await q('select id, name, settings from accounts order by id'),
    locations: await q('select id, account_id, name, released_until from locations order by id'),
    memberships: await q(
      `select m.account_id, m.roles, m.rights, m.status from memberships m join users u on u.id = m.user_id
        where u.email = 'owner@example.com' order by m.account_id`,
    ),
    appState: await q(`select key, value from app_state order by key`),
  };
}

const open = (dataDir: string) => openDatabase({ dataDir });

describe('backup and restore of the embedded database', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const source = path.join(tmp, 'source');
  let database: Database;
  let held: DataDirLock;

  beforeAll(async () => {
    // The sample in a data directory on disk, as a server holds it: the run's sample template when there is one.
    const templates = inject('pgliteTemplates');
    held = await holdDataDir(source);
    database = templates
      ? await openDatabase({ dataDir: source, loadDataDir: new Blob([fs.readFileSync(templates.sample)]) })
      : await open(source);
    if (!templates) {
      await database.migrate();
      await seedSampleData(database.db, { roster: false });
    }
    held.attach(database);
  });

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await held?.release();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the running server makes the dump, a write in flight included, and it restores with every row', async () => {
    const refuseToOpen = () => Promise.reject(new Error('a directory a server holds must never be opened'));
    // A transaction that commits while the backup is asked for: the dump waits for it and holds its row.
    let committed = false;
    const inFlight = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into app_state (key, value) values ('backup-test', 'in flight')`);
      await new Promise((r) => setTimeout(r, 300));
      committed = true;
    });
    const backup = backupDataDir(source, refuseToOpen);
    await inFlight;
    const { dump, by } = await backup;
    expect(committed).toBe(true);
    expect(by).toBe('server');

    const target = path.join(tmp, 'target');
    const { database: restored, lock } = await restoreDataDir(target, dump, (dataDir, tar) =>
      openDatabase({ dataDir, loadDataDir: tar }),
    );
    try {
      const counts = await rowCounts(database);
      expect(Object.keys(counts).length).toBeGreaterThan(40);
      expect(counts['public.users']).toBeGreaterThan(40);
      expect(await rowCounts(restored)).toEqual(counts);
      expect(await someRows(restored)).toEqual(await someRows(database));
    } finally {
      await restored.close();
      await lock.release();
    }
  });

  it('a restore refuses a folder that is not empty, and leaves it as it was', async () => {
    const target = path.join(tmp, 'occupied');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'notes.txt'), 'mine');
    expect(notEmpty(target)).toMatch(/is not empty \(it holds notes\.txt\)/);
    await expect(
      restoreDataDir(target, Buffer.from([0x1f, 0x8b]), () => Promise.reject(new Error('never opened'))),
    ).rejects.toThrow(/is not empty/);
    expect(fs.readdirSync(target)).toEqual(['notes.txt']);
    await expect(
      restoreDataDir(path.join(tmp, 'empty'), Buffer.from('PGDMP…'), () => Promise.reject(new Error('never opened'))),
    ).rejects.toThrow(/pg_restore/);
  });

  it('with no server running the tool opens the folder itself; nobody else may hold it meanwhile', async () => {
    await expect(holdDataDir(source)).rejects.toThrow(/another process has DATA_DIR .* open/);
    const before = await rowCounts(database);
    await database.close();
    await held.release();
    const { dump, by } = await backupDataDir(source, open);
    expect(by).toBe('tool');
    const target = path.join(tmp, 'offline');
    const { database: restored, lock } = await restoreDataDir(target, dump, (dataDir, tar) =>
      openDatabase({ dataDir, loadDataDir: tar }),
    );
    try {
      expect(await rowCounts(restored)).toEqual(before);
    } finally {
      await restored.close();
      await lock.release();
    }
  });
});
