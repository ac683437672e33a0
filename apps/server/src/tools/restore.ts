/**
 * Brings a backup of the embedded database back (README, "Backups"):
 *
 *   DATA_DIR=./data-restored npm run restore FILE
 *
 * Only into an empty (or not yet existing) DATA_DIR: a restore never overwrites a database. It checks the restored
 * database opens and counts its companies and people; the server migrates it to its own version when it starts.
 * On PostgreSQL (DATABASE_URL) it prints the pg_restore command instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { restoreDataDir } from '../db/backup';
import { openDatabase } from '../db/client';
import { userPath } from './paths';

const config = loadConfig();
const arg = process.argv[2];
if (!arg) {
  console.error('usage: DATA_DIR=/path/to/an/empty/folder npm run restore FILE');
  process.exit(2);
}
const file = userPath(arg);

if (config.databaseUrl) {
  console.log(
    [
      'DATABASE_URL is set: PostgreSQL restores a pg_dump file with its own tools, into a new, empty database:',
      '',
      `  pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" ${JSON.stringify(file)}`,
      '',
      'Nothing was restored.',
    ].join('\n'),
  );
  process.exit(1);
}

try {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const started = performance.now();
  const { database, lock } = await restoreDataDir(config.dataDir, fs.readFileSync(file), (dataDir, tar) =>
    openDatabase({ dataDir, loadDataDir: tar }),
  );
  try {
    const { rows } = await database.executeSql(
      'select (select count(*) from accounts)::int as accounts, (select count(*) from users)::int as people',
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `restored ${file} into ${path.resolve(config.dataDir)} in ${seconds} s: ` +
        `${rows[0].accounts} companies, ${rows[0].people} people. Start the server with this DATA_DIR.`,
    );
  } finally {
    await database.close();
    await lock.release();
  }
} catch (err) {
  console.error(`nothing restored: ${(err as Error).message}`);
  process.exit(1);
}
