import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileStore, VirusScanner } from './files';
import type { JobQueue } from './jobs';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push';
import type { Realtime } from './realtime';
import type { SessionCache } from './session';
import type { WebhookTransport } from './webhook-transport';

/** What services need from the running server, passed explicitly. */
export interface AppContext {
  /**
   * The database as the running request may see it: inside a member's request only that account's rows (row-level
   * security, platform/tenancy.ts), elsewhere the owner's handle.
   */
  db: Db;
  /**
   * The owner's handle, which bypasses row-level security: only for work that spans accounts by design (the user's
   * own accounts, switching account, finding a session by its token). Every use is named at the call.
   */
  owner: Db;
  /** Sessions kept in memory between requests, dropped on change notifications. */
  sessions: SessionCache;
  config: Config;
  mailer: Mailer;
  /** The background job queue (jobs typed by `JobPayloads` in the contracts). */
  jobs: JobQueue;
  realtime: Realtime;
  /** Web push (VAPID); tests replace `send` so nothing reaches the network. */
  push: PushSender;
  /** Webhook deliveries' way out, behind the outbound guard; tests put in one that also reaches their receiver. */
  webhooks: WebhookTransport;
  log: FastifyBaseLogger;
  /** Where uploaded files' bytes are kept (platform/files). */
  files: FileStore;
  /** Scans uploads when CLAMD_URL is set; null otherwise. */
  scanner: VirusScanner | null;
  /** When this instance started (ISO). */
  loadedAt: string;
  version: string;
}
