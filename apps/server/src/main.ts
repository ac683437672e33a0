import { type BuiltApp, buildApp } from './app';
import { loadConfig } from './config';
import { type DataDirLock, holdDataDir } from './db/backup';
import { type Database, openDatabase } from './db/client';
import { prepareDataDir, StartupError } from './db/data-dir';
import { databaseAddress } from './db/wait';
import { loggableError } from './platform/log-safe';
import { createLogger, databaseLog } from './platform/logger';
import { prepareDatabase } from './prepare';

/** The longest a stop may take: what is unfinished by then is cut (its job runs again elsewhere). */
const STOP_CAP_MS = 10_000;

const config = loadConfig();
const log = createLogger(config.logLevel);
const dbLog = databaseLog(log);
let database: Database | null = null;
let built: BuiltApp | null = null;
let stopping = false;
// The embedded database allows one process on its folder: holding the folder's backup socket keeps a second one out,
// and `npm run backup` asks this server for a consistent dump through it (db/backup.ts).
let dataDirLock: DataDirLock | null = null;

/** SIGTERM or SIGINT: finish what is in flight and exit 0; a second signal, or the cap, exits at once. */
async function stop(signal: string) {
  if (stopping) {
    log.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  log.info(`${signal}: finishing the requests in flight, then stopping`);
  setTimeout(() => {
    log.error(`stopping took longer than ${STOP_CAP_MS / 1000} s: exiting`);
    process.exit(1);
  }, STOP_CAP_MS).unref();
  try {
    await built?.close();
    await dataDirLock?.release();
    await database?.close();
    log.info('stopped');
    process.exit(0);
  } catch (error) {
    log.error({ error: loggableError(error) }, 'stopping failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// A promise nobody waited for must not end the server (a driver's, a library's): it is logged and the server goes on.
process.on('unhandledRejection', (reason) => log.error({ error: loggableError(reason) }, 'unhandled rejection'));

try {
  const where = config.databaseUrl ? databaseAddress(config.databaseUrl) : config.dataDir;
  if (!config.databaseUrl) {
    // An unusable folder is named with its problem first (StartupError), before the backup socket is made in it.
    prepareDataDir(config.dataDir);
    dataDirLock = await holdDataDir(config.dataDir);
  }
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, log: dbLog });
  const seeded = await prepareDatabase(database, {
    sample: config.sampleData,
    large: config.largeSample,
    where,
    log: dbLog,
  });
  dataDirLock?.attach(database);
  if (seeded) log.info('sample data created: sign in as owner@example.com / Welcome123');
  if (!stopping) {
    built = await buildApp(config, { database, log });
    const port = await built.listen();
    log.info(`serving on http://localhost:${port} (${database.kind})`);
  }
} catch (error) {
  if (stopping) {
    // A stop during the start: whatever the start was doing fails as the database closes.
  } else if (error instanceof StartupError) {
    log.fatal(error.message);
    process.exit(1);
  } else {
    log.fatal({ error: loggableError(error), message: (error as Error)?.message }, 'the server could not start');
    process.exit(1);
  }
}
