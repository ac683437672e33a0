import { randomUUID } from 'node:crypto';
import type { Locale } from '@app/contracts';
import { now } from '@app/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client';
import { outbox, outboxAttachments } from '../../db/schema';
import { type Command, isCommand } from '../command';
import { loggableError } from '../log-safe';
import { type MailTemplate, renderMail } from './catalog';
import { claimDue, type OutboxRow, renewLease, settle } from './outbox';
import { DEFAULT_RETRY, isPermanent, nextTry, type RetrySchedule } from './retry';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  params: Record<string, string>;
  accountId?: string | null;
  /** Files sent along (kept with the outbox row until it is delivered). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

export interface MailDelivery {
  /** How long a worker holds the rows it took before another may take them (renewed while it delivers). */
  leaseMs: number;
  /** How often the worker looks for due rows besides being woken after a commit. */
  pollMs: number;
  retry: RetrySchedule;
}

/** Rows a worker claims at once. */
const BATCH = 20;

export const DEFAULT_DELIVERY: MailDelivery = { leaseMs: 30_000, pollMs: 2_000, retry: DEFAULT_RETRY };

export interface Mailer {
  /** True when mails leave through SMTP; otherwise they are kept in the outbox. */
  readonly delivers: boolean;
  send(target: DbOrTx | Command, mail: MailRequest): Promise<void>;
  /**
   * Writes mails to the outbox, many in one insert (a release to a whole location); the request never waits for a
   * delivery. Given a running command, the rows are written in its transaction (they stand or fall with the change)
   * and the worker is woken after the commit.
   */
  sendAll(target: DbOrTx | Command, mails: MailRequest[]): Promise<void>;
  /**
   * One pass of the worker's work: claims due rows (only `ids` when given), delivers them and records each outcome,
   * until none is due. Answers how many were sent and how many failed this pass.
   */
  deliverDue(opts?: { ids?: string[]; db?: DbOrTx }): Promise<{ sent: number; failed: number }>;
  /** Starts this instance's worker: it polls for due rows and wakes at once on `handOn`. */
  start(): void;
  /** Stops the worker, waiting a little for the delivery under way (its lease hands the rest to another worker). */
  stop(): Promise<void>;
  /**
   * After a commit that queued mail: wakes the worker, or without a running worker (tests, tools) delivers those
   * rows here and now.
   */
  handOn(ids: string[]): Promise<void>;
  close(): void;
}

/**
 * The mail of the product (docs/architecture.md, "Mail"): every mail is written to the outbox, which is also the
 * queue. With SMTP_URL a worker on every instance delivers the due rows (claimed with a short lease, retried with
 * backoff for days, each message with a Message-ID of its row); without a running worker (tests, tools) the mails
 * of a request are delivered when it is done. Without SMTP_URL mails are kept. Logs name the recipient and the
 * template only: links in mails carry single-use secrets.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Without SMTP: log each kept mail's subject and text too (development: the newcomer's confirmation link). */
  logText?: boolean;
  /** The owner's handle: the worker spans accounts. */
  db: DbOrTx;
  /** The host of PUBLIC_URL, the right-hand side of every Message-ID. */
  host: string;
  delivery?: Partial<MailDelivery>;
}): Mailer {
  const delivery: MailDelivery = { ...DEFAULT_DELIVERY, ...opts.delivery };
  // Short timeouts: a server that hangs fails the try (and it is retried) instead of holding the worker for minutes.
  // Pooled: a release's hundred mails share a few connections instead of opening one each.
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: 3,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      })
    : null;
  const messageIdOf = (id: string) => `<${id}@${opts.host}>`;

  async function deliverRow(
    db: DbOrTx,
    row: OutboxRow,
    lease: string,
    files: (typeof outboxAttachments.$inferSelect)[],
  ) {
    if (!transport) return false;
    // Still ours? A lease that ran out (a stalled worker) may have passed the row on: never send it twice from here.
    const held = await renewLease(db, lease, [row.id], new Date(now().getTime() + delivery.leaseMs));
    if (held.length === 0) return null;
    try {
      const attachments = files
        .filter((f) => f.outboxId === row.id)
        .map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.content }));
      await transport.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        messageId: row.messageId ?? messageIdOf(row.id),
        ...(attachments.length ? { attachments } : {}),
      });
      await settle(db, row.id, lease, { sent: true, at: now() });
      return true;
    } catch (err) {
      const at = now();
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const retryAt = isPermanent(err) ? null : nextTry(delivery.retry, row.attempts, row.queuedAt, at);
      opts.log.warn(
        { to: row.to, template: row.template, attempts: row.attempts, error: message, retryAt },
        retryAt ? 'mail delivery failed, tried again later' : 'mail delivery failed for good',
      );
      await settle(db, row.id, lease, { sent: false, error: message, retryAt, at });
      return false;
    }
  }

  async function deliverDue(pass: { ids?: string[]; db?: DbOrTx } = {}) {
    const db = pass.db ?? opts.db;
    const tally = { sent: 0, failed: 0 };
    if (!transport) return tally;
    // Batch after batch while they come full (a backlog); what falls due meanwhile waits for the next pass.
    for (let full = true; full; ) {
      const { lease, rows } = await claimDue(db, { at: now(), leaseMs: delivery.leaseMs, limit: BATCH, ids: pass.ids });
      full = rows.length === BATCH;
      if (rows.length === 0) break;
      const files = await db
        .select()
        .from(outboxAttachments)
        .where(
          inArray(
            outboxAttachments.outboxId,
            rows.map((r) => r.id),
          ),
        );
      // The heartbeat: the rows not yet done stay ours while the batch is delivered one by one.
      let open = rows.map((r) => r.id);
      const heartbeat = setInterval(
        () => {
          renewLease(db, lease, open, new Date(now().getTime() + delivery.leaseMs)).catch((err) =>
            opts.log.warn({ error: loggableError(err) }, 'mail lease not renewed'),
          );
        },
        Math.max(50, Math.floor(delivery.leaseMs / 3)),
      );
      try {
        for (const row of rows) {
          const outcome = await deliverRow(db, row, lease, files);
          open = open.filter((id) => id !== row.id);
          if (outcome === true) tally.sent++;
          else if (outcome === false) tally.failed++;
        }
      } finally {
        clearInterval(heartbeat);
      }
    }
    return tally;
  }

  // The worker: one pass at a time; a nudge during a pass asks for another right after it.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref?.();
  }

  function run() {
    timer = null;
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = deliverDue()
      .then(
        () => undefined,
        (err) => opts.log.warn({ error: loggableError(err) }, 'mail worker pass failed'),
      )
      .finally(() => {
        running = null;
        schedule(again ? 0 : delivery.pollMs);
      });
  }

  async function handOn(ids: string[], db: DbOrTx = opts.db) {
    if (!transport || ids.length === 0) return;
    if (started) schedule(0);
    else await deliverDue({ ids, db });
  }

  async function sendAll(target: DbOrTx | Command, mails: MailRequest[]) {
    if (mails.length === 0) return;
    const command = isCommand(target) ? target : null;
    const db = command ? command.tx : (target as DbOrTx);
    const at = now();
    const rows = mails.map((mail) => {
      const { subject, text } = renderMail(mail.locale, mail.template, mail.params);
      const id = randomUUID();
      return {
        id,
        accountId: mail.accountId ?? null,
        to: mail.to,
        locale: mail.locale,
        template: mail.template,
        subject,
        text,
        status: transport ? 'queued' : 'kept',
        messageId: messageIdOf(id),
        dueAt: at,
        queuedAt: at,
        createdAt: at,
      };
    });
    await db.insert(outbox).values(rows);
    const files = mails.flatMap((mail, i) => (mail.attachments ?? []).map((a) => ({ outboxId: rows[i].id, ...a })));
    if (files.length) await db.insert(outboxAttachments).values(files);
    if (!transport) {
      for (const mail of mails) {
        if (opts.logText) {
          const { subject, text } = renderMail(mail.locale, mail.template, mail.params);
          opts.log.info(
            { to: mail.to, template: mail.template, subject },
            `mail kept in outbox (no SMTP_URL):\n${text}`,
          );
        } else opts.log.info({ to: mail.to, template: mail.template }, 'mail kept in outbox (no SMTP_URL)');
      }
      return;
    }
    const ids = rows.map((r) => r.id);
    // With the worker running it is woken (it finds the rows once they are committed; its polling catches a nudge
    // that came too early). Without it the rows are delivered here, once they are committed: a command's after its
    // commit, a plain handle's at once (through that handle: on the embedded database a second connection would
    // wait for the transaction it may be part of).
    if (command) command.afterCommit(() => handOn(ids));
    else await handOn(ids, db).catch((err) => opts.log.warn({ error: loggableError(err) }, 'mail not handed on'));
  }

  const mailer: Mailer = {
    delivers: transport !== null,
    send: (target, mail) => sendAll(target, [mail]),
    sendAll,
    deliverDue,
    start() {
      if (started || !transport) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      const pass = running;
      if (pass) await Promise.race([pass, new Promise((r) => setTimeout(r, 10_000).unref?.())]);
    },
    handOn: (ids) => handOn(ids),
    close() {
      transport?.close();
    },
  };
  return mailer;
}
