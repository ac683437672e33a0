import { pino } from 'pino';
import type { DatabaseLog } from '../db/wait';
import { LOG_REDACT } from './headers';

/** The server's log: pino as Fastify uses it; never cookies, tokens, bodies or query parameters. */
export function loggerOptions(level: string) {
  return { level, redact: { paths: LOG_REDACT, censor: '[redacted]' } };
}

/** The process's logger, made before the app so the start (waiting for the database) logs the same way. */
export function createLogger(level: string) {
  return pino(loggerOptions(level));
}

/** The database's messages into the server's log. */
export function databaseLog(log: { info(message: string): void; warn(message: string): void }): DatabaseLog {
  return { info: (message) => log.info(message), warn: (message) => log.warn(message) };
}
