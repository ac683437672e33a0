import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Security headers of every answer. The web app is built by Vite without inline scripts, so the policy allows
 * scripts from this origin only; styles may be inline (Mantine sets style attributes); no page may frame ours.
 */
export function securityHeaders(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would stop mail clients and calendars from loading our links' resources.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only behind HTTPS: on plain http://localhost it would pin the browser to a TLS port that is not there.
    strictTransportSecurity: config.secureCookies ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
  };
}

/**
 * Sets the security headers on every answer, from one helmet middleware built at start. (@fastify/helmet builds
 * helmet, parsing the whole policy again, on every request: a tenth of the CPU of `/api/app/init`.) Set first thing
 * on the request, so routes such as the API docs page may still replace the policy with their own.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const apply = helmet(securityHeaders(config));
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * Vite names built assets by their content hash: they never change, so browsers may keep them for a year. The file
 * sent may be the build's brotli or gzip copy of the asset (name.js.br).
 */
export function staticCacheHeaders(reply: FastifyReply, filePath: string): void {
  const hashed = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(filePath);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** API answers carry personal data: no browser or proxy may keep them. */
export function registerApiCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // A route that chose its own policy (a profile picture, kept privately) keeps it when it succeeded.
    const chosen = reply.statusCode < 400 && String(reply.getHeader('cache-control') ?? '').startsWith('private');
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !chosen) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/** What logs never show: cookies, tokens, passwords, bodies and query strings (they hold user content). */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-socket-id"]',
  'req.body',
  'req.query',
  'req.params',
  'res.headers["set-cookie"]',
  'err.parameters',
  'err.params',
  'err.query',
  'err.detail',
  'err.where',
  'err.cause.parameters',
  'err.cause.params',
  'err.cause.query',
  'err.cause.detail',
];
