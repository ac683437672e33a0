import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants as zlibConstants } from 'node:zlib';
import { JSON_BODY_MAX_BYTES } from '@app/contracts';
import { now } from '@app/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, REPO_ROOT } from './config';
import { type Database, openDatabase } from './db/client';
import { absenceRoutes } from './domains/absence/routes';
import { accessRoutes } from './domains/access/routes';
import { accountJobs } from './domains/accounts/jobs';
import { accountRoutes } from './domains/accounts/routes';
import { apiJobs } from './domains/api/jobs';
import { apiRoutes } from './domains/api/routes';
import { appRoutes } from './domains/app/routes';
import { recordVersion } from './domains/app/state';
import { authRoutes } from './domains/auth/routes';
import { availabilityJobs } from './domains/availability/jobs';
import { availabilityRoutes } from './domains/availability/routes';
import { avatarRoutes } from './domains/avatars/routes';
import { billingJobs } from './domains/billing/jobs';
import { billingRoutes } from './domains/billing/routes';
import { calendarRoutes } from './domains/calendar/routes';
import { catalogRoutes } from './domains/catalog/routes';
import { chatRoutes } from './domains/chats/routes';
import { checkinJobs } from './domains/checkins/jobs';
import { checkinRoutes } from './domains/checkins/routes';
import { clientJobs } from './domains/clients/jobs';
import { clientRoutes } from './domains/clients/routes';
import { companyRoutes } from './domains/company/routes';
import { contactRoutes } from './domains/contacts/routes';
import { documentJobs } from './domains/documents/jobs';
import { documentRoutes } from './domains/documents/routes';
import { dossierRoutes } from './domains/dossiers/routes';
import { freelanceRoutes } from './domains/freelance/routes';
import { hoursRoutes } from './domains/hours/routes';
import { inboxRoutes } from './domains/inbox/routes';
import { invoicingJobs } from './domains/invoicing/jobs';
import { invoicingRoutes } from './domains/invoicing/routes';
import { lessonRoutes } from './domains/lessons/routes';
import { activityLogRoutes } from './domains/log/routes';
import { matchingRoutes } from './domains/matching/routes';
import { memberRoutes } from './domains/members/routes';
import { notificationRoutes } from './domains/notifications/routes';
import { overviewRoutes } from './domains/overview/routes';
import { payslipRoutes } from './domains/payslips/routes';
import { profileRoutes } from './domains/profiles/routes';
import { reportJobs } from './domains/reports/jobs';
import { reportRoutes, rosterPrintRoutes } from './domains/reports/routes';
import { resourceRoutes } from './domains/resources/routes';
import { rosterBulkRoutes } from './domains/roster/bulk-routes';
import { rosterRoutes } from './domains/roster/routes';
import { settingsRoutes } from './domains/settings/routes';
import { setupRoutes } from './domains/setup/routes';
import { signupJobs } from './domains/signup/jobs';
import { signupRoutes } from './domains/signup/routes';
import { staffingRoutes } from './domains/staffing/routes';
import { statisticsRoutes } from './domains/statistics/routes';
import { subscriptionRoutes } from './domains/subscription/routes';
import { swapRoutes } from './domains/swaps/routes';
import { todayRoutes } from './domains/today/routes';
import { vacationRoutes } from './domains/vacation/routes';
import { wallScreenRoutes } from './domains/wallscreen/routes';
import { activityJobs } from './platform/activity';
import { apiDocument, markTokenScopes } from './platform/api-docs';
import { tokenLimiter } from './platform/api-tokens';
import { startBackground, stopBackground } from './platform/background';
import { registerCommandHook } from './platform/command';
import type { AppContext } from './platform/context';
import { registerDrain } from './platform/drain';
import { AppError } from './platform/errors';
import { fileStoreOf, virusScannerOf } from './platform/files';
import { frameworkErrorOptions } from './platform/framework-errors';
import { registerApiCachePolicy, registerSecurityHeaders, staticCacheHeaders } from './platform/headers';
import { healthRoutes } from './platform/health';
import { registerHttpPlatform, rewriteVersionedUrl, sendError } from './platform/http';
import { idempotencyHook, idempotencyJobs, registerIdempotency } from './platform/idempotency';
import { createJobs, type SomeJobDefinition } from './platform/jobs';
import { databaseLog, loggerOptions } from './platform/logger';
import { createMailer } from './platform/mail/mailer';
import { createPushSender } from './platform/push';
import { rateLimitStore } from './platform/rate-store';
import { createRealtime } from './platform/realtime';
import { createRedisLink } from './platform/redis';
import { SessionCache } from './platform/session';
import { registerTenancy, routedDb } from './platform/tenancy';
import { testControlRoutes } from './platform/test-controls';
import { webPages } from './platform/web-pages';
import { createWebhookTransport } from './platform/webhook-transport';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Starts listening and attaches realtime; answers the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /**
   * Stops: new requests answer 503 `SHUTTING_DOWN`, the listener closes, requests in flight finish (up to
   * `DRAIN_MS`), the job queue stops, then sockets, Redis and the database (when the app opened it) close.
   */
  close(): Promise<void>;
}

/** How long a stop waits for the requests in flight and for the jobs running; main.ts caps the whole stop. */
const DRAIN_MS = 7_000;

/** The running version: the package version plus a fingerprint of the built web app, when there is one. */
function currentVersion(config: Config): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  const index = path.join(config.webDist, 'index.html');
  const web = fs.existsSync(index)
    ? createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 8)
    : 'api';
  return `${pkg.version ?? '0.0.0'}+${web}`;
}

/** The product's background jobs: each domain defines its own (`domains/<domain>/jobs.ts`), named in `JobPayloads`. */
export function productJobs(ctx: AppContext): SomeJobDefinition[] {
  return [
    ...activityJobs(ctx.owner),
    ...idempotencyJobs(ctx.owner),
    ...accountJobs(ctx),
    ...apiJobs(ctx),
    ...availabilityJobs(ctx),
    ...billingJobs(ctx),
    ...checkinJobs(ctx),
    ...clientJobs(ctx),
    ...documentJobs(ctx),
    ...invoicingJobs(ctx),
    ...reportJobs(ctx),
    ...signupJobs(ctx),
  ];
}

/** Builds the whole server: API, realtime, mail and the web app. Tests build it too, with their own database. */
export async function buildApp(
  config: Config,
  opts: {
    database?: Database;
    /**
     * false runs member requests as the owner, without row-level security: only for `bench/tenancy.bench.ts`, which
     * measures what the wall costs against the same server without it.
     */
    rowLevelSecurity?: boolean;
    /** The process's logger (main.ts makes it before the app); else one of the config's level. */
    log?: FastifyBaseLogger;
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    // Logs carry codes, ids and SQL states; never cookies, tokens, bodies or query parameters.
    ...(opts.log ? { loggerInstance: opts.log } : { logger: loggerOptions(config.logLevel) }),
    // A hop count as Fastify's function form (its typed options take no number): trust that many proxies.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: JSON_BODY_MAX_BYTES,
    // `/api/v1/...` is the versioned alias of the calls tokens may make (docs/product/api.md).
    rewriteUrl: (raw) => rewriteVersionedUrl(raw),
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const database =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, log: databaseLog(app.log) }));
  // Redis carries realtime and rate limits between instances; the server starts and carries on without it.
  const redis = createRedisLink(config.redisUrl, app.log);
  // Before every other hook: a stopping server refuses new requests before any work.
  const drain = registerDrain(app);

  // Mail delivery and scheduled work run once the server listens (and the config asks for them).
  const jobs = createJobs({ database, log: app.log });
  const ctx: AppContext = {
    // Inside a member's request only that account's rows; elsewhere the owner's (platform/tenancy.ts).
    db: routedDb(database.db),
    owner: database.db,
    sessions: new SessionCache(database.db),
    config,
    log: app.log,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      logText: config.mailLog,
      db: database.db,
      host: new URL(config.publicUrl).hostname,
      delivery: config.mailDelivery,
    }),
    realtime: createRealtime({
      db: database.db,
      redis,
      log: app.log,
      allowedOrigins: [new URL(config.publicUrl).origin, ...config.allowedOrigins],
    }),
    jobs,
    push: createPushSender(database.db, config),
    webhooks: createWebhookTransport(),
    files: await fileStoreOf(config),
    scanner: virusScannerOf(config),
    loadedAt: now().toISOString(),
    version: currentVersion(config),
  };

  registerSecurityHeaders(app, config);
  // Answers (a month's roster is 0.65 MB of JSON in the compact form the web asks for, 3 MB in the full one) and the
  // web app's assets go out compressed: brotli at quality 1 and gzip at level 3 are several times faster than the
  // defaults for under 10 % more bytes (the compact month: 168 KiB in 4 ms of CPU at quality 1, 164 KiB in 7 ms at 2;
  // bench/README.md). An answer up to 1 MiB (the compact month included) is compressed in one synchronous call rather
  // than through a stream on the thread pool: about 2 ms on the event loop for the month instead of 4 ms of CPU in
  // stream chunks, and it goes out with a Content-Length; bigger ones (the full month) still stream. Request bodies
  // are not decompressed: they stay JSON only.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
    syncThreshold: 1024 * 1024,
  });
  await app.register(fastifyCookie);
  // Counted in Redis while it answers, in memory while it is away (platform/rate-store.ts).
  const rateStore = rateLimitStore(redis.state === 'off' ? null : redis.client({ queue: false }));
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateStore,
    errorResponseBuilder: () => new AppError('THROTTLED'),
  });
  await app.register(fastifySwagger, {
    openapi: apiDocument(ctx.version),
    transform: markTokenScopes(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    // Its page carries its own script hashes in the policy instead of allowing inline scripts.
    staticCSP: true,
  });

  registerHttpPlatform(app, ctx, { tokenLimiter: tokenLimiter(rateStore, config.apiTokenRateLimit) });
  // Every command claims and records the idempotency key of the create it answers (before the tenancy's wrapper,
  // so the key is answered as the request's account).
  registerCommandHook(idempotencyHook);
  registerIdempotency(app, ctx);
  if (opts.rowLevelSecurity !== false) registerTenancy(app, database);
  await ctx.sessions.watch(database);
  registerApiCachePolicy(app);
  healthRoutes(app, ctx, { database, redis });
  appRoutes(app, ctx);
  apiRoutes(app, ctx);
  accessRoutes(app, ctx);
  authRoutes(app, ctx);
  availabilityRoutes(app, ctx);
  absenceRoutes(app, ctx);
  dossierRoutes(app, ctx);
  accountRoutes(app, ctx);
  catalogRoutes(app, ctx);
  settingsRoutes(app, ctx);
  setupRoutes(app, ctx);
  memberRoutes(app, ctx);
  overviewRoutes(app, ctx);
  rosterRoutes(app, ctx);
  rosterBulkRoutes(app, ctx);
  swapRoutes(app, ctx);
  matchingRoutes(app, ctx);
  staffingRoutes(app, ctx);
  calendarRoutes(app, ctx);
  chatRoutes(app, ctx);
  vacationRoutes(app, ctx);
  hoursRoutes(app, ctx);
  reportRoutes(app, ctx);
  rosterPrintRoutes(app, ctx);
  checkinRoutes(app, ctx);
  statisticsRoutes(app, ctx);
  notificationRoutes(app, ctx);
  activityLogRoutes(app, ctx);
  lessonRoutes(app, ctx);
  billingRoutes(app, ctx);
  todayRoutes(app, ctx);
  inboxRoutes(app, ctx);
  profileRoutes(app, ctx);
  avatarRoutes(app, ctx);
  documentRoutes(app, ctx);
  payslipRoutes(app, ctx);
  contactRoutes(app, ctx);
  clientRoutes(app, ctx);
  invoicingRoutes(app, ctx);
  resourceRoutes(app, ctx);
  freelanceRoutes(app, ctx);
  companyRoutes(app, ctx);
  signupRoutes(app, ctx);
  subscriptionRoutes(app, ctx);
  wallScreenRoutes(app, ctx);

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: staticCacheHeaders,
      // The build writes brotli and gzip copies at their best levels (apps/web/build/precompress.ts).
      preCompressed: true,
    });
  }
  const pages = hasWeb ? webPages(config.webDist) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (an old asset after an update) is a 404, not the app: only page paths fall back.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path.startsWith('/api/') || path.startsWith('/socket.io') || request.method !== 'GET' || isFile) {
      return sendError(reply, new AppError('NOT_FOUND'));
    }
    // Every other GET is a page of the web app: /{lang}/... and the root.
    if (pages) return reply.type('text/html').header('cache-control', 'no-cache').send(pages.html(path));
    return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
  });

  jobs.define(productJobs(ctx));
  if (config.testControls) testControlRoutes(app, ctx, jobs, config.testClockStart);
  let closing: Promise<void> | null = null;
  return {
    app,
    ctx,
    database,
    async listen(port = config.port, host = config.host) {
      await app.ready();
      await ctx.realtime.attach(app.server);
      await app.listen({ port, host });
      const { changed, updated } = await recordVersion(database.db, ctx.version);
      if (changed) ctx.realtime.emit('app', 'AppUpdated', { updated: updated.toISOString() });
      if (config.jobs) await startBackground(ctx, jobs);
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    close() {
      closing ??= (async () => {
        drain.start();
        const server = app.server;
        // No new connections; idle keep-alive ones close now, busy ones after their answer (`Connection: close`).
        if (server.listening) {
          server.close();
          server.closeIdleConnections();
        }
        await Promise.all([
          drain.idle(DRAIN_MS).then((finished) => {
            if (!finished) app.log.warn(`stopping with ${drain.inFlight} request(s) unfinished after ${DRAIN_MS} ms`);
            server.closeAllConnections();
          }),
          // pg-boss lets running jobs finish; one that takes longer is left to run again elsewhere (its lease).
          Promise.race([stopBackground(ctx, jobs), sleep(DRAIN_MS)]),
        ]);
        await ctx.sessions.stop();
        await ctx.realtime.close();
        await app.close();
        ctx.mailer.close();
        redis.close();
        if (!opts.database) await database.close();
      })();
      return closing;
    },
  };
}
