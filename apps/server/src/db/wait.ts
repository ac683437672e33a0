import { setTimeout as sleep } from 'node:timers/promises';
import { databaseFailure } from './failures';

/** Where the database's messages go before the server has its logger (and tests' silence). */
export interface DatabaseLog {
  info(message: string): void;
  warn(message: string): void;
}

export const consoleLog: DatabaseLog = {
  info: () => undefined,
  warn: (message) => console.warn(message),
};

/** How long to wait between tries: from one second, growing to five. */
const FIRST_DELAY_MS = 1_000;
const LONGEST_DELAY_MS = 5_000;

/** "host:port" of a connection string, without its user or password. */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * Runs `work` until it gets through a database that is away (refused, cut, restarting), waiting in between and
 * saying so in the log; any other error ends it. The start-up uses it, so a server started before its database, or
 * during an outage, waits for it instead of exiting.
 */
export async function whileDatabaseAway<T>(work: () => Promise<T>, where: string, log: DatabaseLog): Promise<T> {
  let delay = FIRST_DELAY_MS;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (databaseFailure(error) !== 'unavailable') throw error;
      const e = error as { code?: string; message?: string };
      log.warn(`waiting for the database at ${where}… (${e.code ?? e.message ?? 'unreachable'})`);
      await sleep(delay);
      delay = Math.min(delay * 2, LONGEST_DELAY_MS);
    }
  }
}
