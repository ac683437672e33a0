/**
 * A backup of the embedded database (README, "Backups"):
 *
 *   npm run backup [FILE]      (default: rosterly-backup-<date>-<time>.tar.gz in the current folder)
 *
 * While the server runs it makes the dump itself (asked on DATA_DIR's backup socket, db/backup.ts), so writes go
 * on; when no server runs, the tool opens DATA_DIR. The file is replaced only once the new dump is complete, and only
 * its owner may read it (it holds personal data and password hashes). On PostgreSQL (DATABASE_URL) it prints the
 * pg_dump command instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { now } from '@app/domain';
import { loadConfig } from '../config';
import { backupDataDir } from '../db/backup';
import { openDatabase } from '../db/client';
import { userPath } from './paths';

const config = loadConfig();
const arg = process.argv[2];

if (config.databaseUrl) {
  const file = arg ?? 'rosterly.dump';
  console.log(
    [
      'DATABASE_URL is set: this server keeps its data in PostgreSQL, which backs up with its own tools. Run:',
      '',
      `  pg_dump --format=custom --no-owner --no-privileges --file=${JSON.stringify(file)} "$DATABASE_URL"`,
      '',
      'and restore into a new, empty database (README, "Backups"):',
      '',
      `  pg_restore --no-owner --no-privileges --exit-on-error --dbname="$NEW_DATABASE_URL" ${JSON.stringify(file)}`,
      '',
      'No file was written.',
    ].join('\n'),
  );
  process.exit(1);
}

const stamp = now()
  .toISOString()
  .replace(/\.\d+Z$/, '')
  .replace(/[-:]/g, '')
  .replace('T', '-');
const file = userPath(arg ?? `rosterly-backup-${stamp}.tar.gz`);
try {
  const started = performance.now();
  const { dump, by } = await backupDataDir(config.dataDir, (dataDir) => openDatabase({ dataDir }));
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, dump, { mode: 0o600 });
  fs.renameSync(partial, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `backup of ${path.resolve(config.dataDir)} written to ${file} (${(dump.length / 1024 / 1024).toFixed(1)} MiB, ` +
      `${seconds} s, made by ${by === 'server' ? 'the running server' : 'this tool: no server was running'})`,
  );
  console.log(`restore it with: DATA_DIR=/path/to/an/empty/folder npm run restore ${file}`);
} catch (err) {
  console.error(`no backup written: ${(err as Error).message}`);
  process.exit(1);
}
