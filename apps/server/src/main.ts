import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedSampleDataIfEmpty } from './sample/seed';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const built = await buildApp(config, { database });
if (config.sampleData) {
  const seeded = await seedSampleDataIfEmpty(database.db, { large: config.largeSample });
  if (seeded) built.app.log.info('sample data created: sign in as owner@example.com / Welcome123');
}
const port = await built.listen();

built.app.log.info(`serving on http://localhost:${port} (${database.kind})`);

const shutdown = async () => {
  await built.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
