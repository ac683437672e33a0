import { buildApp } from './app';
import { loadConfig } from './config';
import { holdDataDir } from './db/backup';
import { openDatabase } from './db/client';
import { seedSampleDataIfEmpty } from './sample/seed';

const config = loadConfig();
// The embedded database allows one process on its folder: holding the folder's backup socket keeps a second one out,
// and `npm run backup` asks this server for a consistent dump through it (db/backup.ts).
const dataDirLock = config.databaseUrl
  ? null
  : await holdDataDir(config.dataDir).catch((err: Error) => {
      console.error(err.message);
      process.exit(1);
    });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
dataDirLock?.attach(database);
const built = await buildApp(config, { database });
if (config.sampleData) {
  const seeded = await seedSampleDataIfEmpty(database.db, { large: config.largeSample });
  if (seeded) built.app.log.info('sample data created: sign in as owner@example.com / Welcome123');
}
const port = await built.listen();

built.app.log.info(`serving on http://localhost:${port} (${database.kind})`);

const shutdown = async () => {
  await built.close();
  await dataDirLock?.release();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
