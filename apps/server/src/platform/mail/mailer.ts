import type { Locale } from '@app/contracts';
import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { type MailTemplate, renderMail } from './catalog';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  params: Record<string, string>;
  accountId?: string | null;
}

export interface Mailer {
  /** True when mails leave through SMTP; otherwise they are kept in the outbox. */
  readonly delivers: boolean;
  send(db: DbOrTx, mail: MailRequest): Promise<void>;
  close(): void;
}

/**
 * Writes every mail to the outbox, then hands it to SMTP when SMTP_URL is set. Logs name the recipient and the
 * template only: links in mails carry single-use secrets.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    delivers: transport !== null,
    async send(db, mail) {
      const { subject, text } = renderMail(mail.locale, mail.template, mail.params);
      const [row] = await db
        .insert(outbox)
        .values({
          accountId: mail.accountId ?? null,
          to: mail.to,
          locale: mail.locale,
          template: mail.template,
          subject,
          text,
          status: transport ? 'sending' : 'kept',
        })
        .returning({ id: outbox.id });
      if (!transport) {
        opts.log.info({ to: mail.to, template: mail.template }, 'mail kept in outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject, text });
        await db.update(outbox).set({ status: 'sent', sentAt: now(), attempts: 1 }).where(eq(outbox.id, row.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        opts.log.warn({ to: mail.to, template: mail.template, error: message }, 'mail delivery failed');
        await db.update(outbox).set({ status: 'failed', error: message, attempts: 1 }).where(eq(outbox.id, row.id));
      }
    },
    close() {
      transport?.close();
    },
  };
}
