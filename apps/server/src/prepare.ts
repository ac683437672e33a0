import type { Database } from './db/client';
import { type DatabaseLog, whileDatabaseAway } from './db/wait';
import { seedSampleDataIfEmpty } from './sample/seed';

/**
 * Brings the database to this version before the server listens: the migrations, then the sample data when asked
 * for and the database holds no account. Both run under the start-up lock, so of two instances started together on
 * an empty database one does the work and the other waits and finds it done; a database away meanwhile is waited
 * for. Answers whether this run created the sample.
 */
export async function prepareDatabase(
  database: Database,
  opts: { sample: boolean; large?: boolean; where: string; log: DatabaseLog },
): Promise<boolean> {
  return whileDatabaseAway(
    () =>
      database.exclusively(async () => {
        await database.migrate();
        if (!opts.sample) return false;
        return seedSampleDataIfEmpty(database.db, { large: opts.large });
      }),
    opts.where,
    opts.log,
  );
}
