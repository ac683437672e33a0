import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime';

/** What services need from the running server, passed explicitly. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** When this instance started (ISO). */
  loadedAt: string;
  version: string;
}
