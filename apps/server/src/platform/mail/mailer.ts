import type { Locale } from '@app/contracts';
import { now } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client';
import { outbox, outboxAttachments } from '../../db/schema';
import { type Command, isCommand } from '../command';
import { type MailTemplate, renderMail } from './catalog';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  params: Record<string, string>;
  accountId?: string | null;
  /** Files sent along (kept with the outbox row until it is delivered). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

/** Hands the ids of queued outbox rows to the job queue. */
export type MailQueue = (ids: string[]) => Promise<void>;

export interface Mailer {
  /** True when mails leave through SMTP; otherwise they are kept in the outbox. */
  readonly delivers: boolean;
  send(db: DbOrTx | Command, mail: MailRequest): Promise<void>;
  /**
   * Many mails in one write (a release to a whole location): the request does not wait for any delivery. Given a
   * running command, the outbox rows are written in its transaction (they stand or fall with the change) and handed
   * on for delivery only after the commit.
   */
  sendAll(db: DbOrTx | Command, mails: MailRequest[]): Promise<void>;
  /** Delivers queued or failed outbox rows (the job's work); throws when one failed, so the job is retried. */
  deliver(db: DbOrTx, ids: string[]): Promise<void>;
  /** From now on mails are queued for the job queue instead of being delivered inside the request. */
  useQueue(queue: MailQueue | null): void;
  close(): void;
}

/**
 * Writes every mail to the outbox. With SMTP_URL and the job queue running, the request only queues it and a job
 * delivers it (retried with backoff); without the queue (tests, tools) it is delivered at once. Without SMTP_URL
 * mails are kept. Logs name the recipient and the template only: links in mails carry single-use secrets.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Without SMTP: log each kept mail's subject and text too (development: the newcomer's confirmation link). */
  logText?: boolean;
  /** The owner's handle, for delivering a command's mails once its transaction is gone. */
  db: DbOrTx;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let queue: MailQueue | null = null;

  async function deliver(db: DbOrTx, ids: string[]) {
    if (!transport || ids.length === 0) return;
    const rows = await db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.id, ids), inArray(outbox.status, ['queued', 'sending', 'failed'])));
    const files = rows.length
      ? await db
          .select()
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.outboxId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    let failures = 0;
    for (const row of rows) {
      try {
        const attachments = files
          .filter((f) => f.outboxId === row.id)
          .map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.content }));
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(attachments.length ? { attachments } : {}),
        });
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: now(), attempts: row.attempts + 1, error: null })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        failures++;
        const message = err instanceof Error ? err.message : String(err);
        opts.log.warn({ to: row.to, template: row.template, error: message }, 'mail delivery failed');
        await db
          .update(outbox)
          .set({ status: 'failed', error: message, attempts: row.attempts + 1 })
          .where(eq(outbox.id, row.id));
      }
    }
    if (failures > 0) throw new Error(`${failures} of ${rows.length} mails not delivered`);
  }

  async function sendAll(target: DbOrTx | Command, mails: MailRequest[]) {
    if (mails.length === 0) return;
    const command = isCommand(target) ? target : null;
    const db = command ? command.tx : (target as DbOrTx);
    const status = transport ? (queue ? 'queued' : 'sending') : 'kept';
    const rows = await db
      .insert(outbox)
      .values(
        mails.map((mail) => {
          const { subject, text } = renderMail(mail.locale, mail.template, mail.params);
          return {
            accountId: mail.accountId ?? null,
            to: mail.to,
            locale: mail.locale,
            template: mail.template,
            subject,
            text,
            status,
          };
        }),
      )
      .returning({ id: outbox.id });
    const ids = rows.map((r) => r.id);
    const files = mails.flatMap((mail, i) => (mail.attachments ?? []).map((a) => ({ outboxId: ids[i], ...a })));
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
    const handOn = async () => {
      if (queue) await queue(ids);
      else await deliver(command ? opts.db : db, ids).catch(() => undefined);
    };
    if (command) command.afterCommit(handOn);
    else await handOn();
  }

  return {
    delivers: transport !== null,
    send: (db, mail) => sendAll(db, [mail]),
    sendAll,
    deliver,
    useQueue(next) {
      queue = next;
    },
    close() {
      transport?.close();
    },
  };
}
