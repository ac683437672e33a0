import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_TOKEN_RATE_PER_MINUTE } from '@app/contracts';
import { z } from 'zod';

/**
 * The repository's root: the nearest folder above this file whose package.json declares the workspaces. Found by
 * walking up, so it is the same for the TypeScript sources (src/) and the compiled server (dist/).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no workspace root above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, parsed once. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rosterly <no-reply@rosterly.test>'),
  /** Without SMTP_URL, write kept mails with their text (links included) to the log: on unless in production. */
  MAIL_LOG: z.enum(['0', '1']).optional(),
  /**
   * How undelivered mail is retried (platform/mail/retry.ts): the first wait, doubling up to the longest, for how
   * long after it was queued. Days by default; the fault-injection suite and the browser flows shorten them.
   */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(6 * 60 * 60_000),
  MAIL_RETRY_FOR_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 24 * 60 * 60_000),
  /** How long a worker holds the mails it took (renewed while it delivers), and how often it looks for due ones. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(2_000),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SAMPLE_DATA: z.enum(['0', '1', 'large']).default('1'),
  BETA: flag,
  MAINTENANCE: flag,
  SECURE_COOKIES: flag,
  JOBS: z.enum(['0', '1']).default('1'),
  /** Calls one API token may make per minute (docs/product/api.md). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(API_TOKEN_RATE_PER_MINUTE),
  TRUST_PROXY: z.string().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** A Nominatim-compatible geocoder for check-ins (planning addresses to coordinates); none by default. */
  GEOCODER_URL: z.string().url().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  /** Browser flows only: a route that moves the server's clock and runs jobs at once. Refused in production. */
  E2E_CONTROLS: flag,
  /** With E2E_CONTROLS only: the instant the server's clock starts at, to try a flow at a given hour of the day. */
  E2E_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The secret behind signed links (invoice downloads); without it one is generated once and kept in app_state. */
  APP_SECRET: z.string().min(32).optional(),
  /** S3-compatible storage for uploaded files (platform/files/s3-store.ts); without it the database keeps them. */
  S3_URL: z.string().url().optional(),
  /** clamd to scan uploads (`tcp://host:3310`); without it uploads are not scanned. */
  CLAMD_URL: z.string().url().optional(),
  /** The weather module's forecast provider, with Open-Meteo's API (docs/product/weather.md); without it, no weather. */
  WEATHER_URL: z.string().url().optional(),
  /** Who issues the subscription's invoices and collects them by direct debit (docs/product/billing.md). */
  SELLER_NAME: z.string().default('Rosterly GmbH'),
  SELLER_ADDRESS: z.string().default('Musterstraße 1\n10115 Berlin'),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('DE'),
  SELLER_VAT_ID: z.string().default('DE123456789'),
  SELLER_REGISTRATION: z.string().default('HRB 123456 B, Amtsgericht Charlottenburg'),
  SELLER_EMAIL: z.string().default('billing@rosterly.test'),
  /** Invoice dates (and so the year of an invoice number) are days in this zone. */
  SELLER_TIME_ZONE: z.string().default('Europe/Berlin'),
  /** Development defaults: the SEPA test creditor id and an example bank account; set real ones in production. */
  CREDITOR_NAME: z.string().optional(),
  CREDITOR_ID: z.string().default('DE98ZZZ09999999999'),
  CREDITOR_IBAN: z.string().default('DE89370400440532013000'),
  CREDITOR_BIC: z.string().default('COBADEFFXXX'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Without SMTP_URL, kept mails are written to the log with their text, so a newcomer finds the link to confirm a
   * registration (MAIL_LOG; on by default unless NODE_ENV=production). With SMTP_URL nothing is logged but recipient
   * and template.
   */
  mailLog: boolean;
  /** The mail worker's lease and polling, and the retry schedule of undelivered mail (MAIL_RETRY_*). */
  mailDelivery: {
    leaseMs: number;
    pollMs: number;
    retry: { baseMs: number; maxMs: number; forMs: number };
  };
  publicUrl: string;
  sampleData: boolean;
  /** SAMPLE_DATA=large: the sample plus a location of 200 staff and a month of about 6,000 items. */
  largeSample: boolean;
  beta: boolean;
  maintenance: boolean;
  secureCookies: boolean;
  /**
   * Which proxies may name the client's address in X-Forwarded-For: false (the default: the socket's address
   * counts, so a client cannot reset the login throttle by forging the header), a hop count, or addresses.
   */
  trustProxy: boolean | number | string[];
  /** Calls one API token may make per minute (API_TOKEN_RATE_LIMIT). */
  apiTokenRateLimit: number;
  /** Whether this instance works the job queue (mail delivery, pruning); tests start it only where they need it. */
  jobs: boolean;
  /** Origins besides PUBLIC_URL whose pages may open a realtime connection. */
  allowedOrigins: string[];
  logLevel: string;
  webDist: string;
  /** GEOCODER_URL: a Nominatim-compatible search for check-ins; without it, coordinates are set by hand. */
  geocoderUrl?: string;
  /** E2E_CONTROLS=1: `/api/test/*` moves the clock and runs jobs (platform/test-controls.ts); never in production. */
  testControls: boolean;
  /** E2E_CLOCK_START: with the controls, the server's clock starts at this instant instead of the real time. */
  testClockStart?: string;
  /** Web push keys; without them the server generates a pair once and keeps it in `app_state`. */
  vapid?: { publicKey: string; privateKey: string };
  /** APP_SECRET: signs public links; without it a secret is generated once and kept in `app_state`. */
  appSecret?: string;
  /** S3_URL: `https://KEY:SECRET@host/bucket[/prefix]?region=…`; uploaded files go there instead of the database. */
  s3Url?: string;
  /** CLAMD_URL: `tcp://host:port` of clamd; uploads are scanned when it is set. */
  clamdUrl?: string;
  /** WEATHER_URL: the base of an Open-Meteo-compatible forecast API (`…/v1/forecast` is asked). */
  weatherUrl?: string;
  /** The seller on the subscription's invoices and the creditor of its direct debits. */
  billing: BillingConfig;
};

export interface BillingConfig {
  seller: {
    name: string;
    address: string;
    country: string;
    vatId: string;
    registration: string;
    email: string;
    timeZone: string;
  };
  creditor: { name: string; id: string; iban: string; bic: string };
}

/** TRUST_PROXY: empty or 0 → off; a number → that many hops; else a comma-separated list of addresses or ranges. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

function testControls(wanted: boolean, nodeEnv: string | undefined): boolean {
  if (wanted && nodeEnv === 'production')
    throw new Error('E2E_CONTROLS is for browser flows and never runs in production');
  return wanted;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = Env.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailLog: e.MAIL_LOG ? e.MAIL_LOG === '1' : e.NODE_ENV !== 'production',
    mailDelivery: {
      leaseMs: e.MAIL_LEASE_MS,
      pollMs: e.MAIL_POLL_MS,
      retry: { baseMs: e.MAIL_RETRY_BASE_MS, maxMs: e.MAIL_RETRY_MAX_MS, forMs: e.MAIL_RETRY_FOR_MS },
    },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    sampleData: e.SAMPLE_DATA !== '0',
    largeSample: e.SAMPLE_DATA === 'large',
    beta: e.BETA,
    maintenance: e.MAINTENANCE,
    secureCookies: e.SECURE_COOKIES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jobs: e.JOBS === '1',
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    geocoderUrl: e.GEOCODER_URL || undefined,
    testControls: testControls(e.E2E_CONTROLS, e.NODE_ENV),
    testClockStart: e.E2E_CONTROLS ? e.E2E_CLOCK_START : undefined,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    appSecret: e.APP_SECRET || undefined,
    s3Url: e.S3_URL || undefined,
    clamdUrl: e.CLAMD_URL || undefined,
    weatherUrl: e.WEATHER_URL || undefined,
    billing: {
      seller: {
        name: e.SELLER_NAME,
        address: e.SELLER_ADDRESS.replace(/\\n/g, '\n'),
        country: e.SELLER_COUNTRY,
        vatId: e.SELLER_VAT_ID,
        registration: e.SELLER_REGISTRATION,
        email: e.SELLER_EMAIL,
        timeZone: e.SELLER_TIME_ZONE,
      },
      creditor: {
        name: e.CREDITOR_NAME ?? e.SELLER_NAME,
        id: e.CREDITOR_ID,
        iban: e.CREDITOR_IBAN,
        bic: e.CREDITOR_BIC,
      },
    },
  };
}

/** A configuration for tests and tools: defaults with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SAMPLE_DATA: '0', LOG_LEVEL: 'silent', JOBS: '0' } as NodeJS.ProcessEnv), ...overrides };
}
