import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

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
  PUBLIC_URL: z.string().optional(),
  SAMPLE_DATA: z.enum(['0', '1']).default('1'),
  BETA: flag,
  MAINTENANCE: flag,
  SECURE_COOKIES: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  sampleData: boolean;
  beta: boolean;
  maintenance: boolean;
  secureCookies: boolean;
  logLevel: string;
  webDist: string;
};

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
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    sampleData: e.SAMPLE_DATA === '1',
    beta: e.BETA,
    maintenance: e.MAINTENANCE,
    secureCookies: e.SECURE_COOKIES,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}

/** A configuration for tests and tools: defaults with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SAMPLE_DATA: '0', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), ...overrides };
}
