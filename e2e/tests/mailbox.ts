import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The mail catcher of the end-to-end flows: a real SMTP server the app under test delivers to. The Playwright
 * server is started with SMTP_URL pointing here (playwright.config.ts); a server of your own needs the same
 * (`SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT>`). Mails are delivered by the app's mail worker, retried until the
 * catcher listens (every few seconds: the servers run with a short MAIL_RETRY_*). `refuse(address)` answers a
 * recipient 550 (no such mailbox), as a receiving server does: the app gives that mail up at once.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

export async function startMailbox() {
  const received: ParsedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  const to = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    received,
    /** From now on the recipient is refused (550), until `accept`. */
    refuse: (address: string) => refused.add(address.toLowerCase()),
    accept: (address: string) => refused.delete(address.toLowerCase()),
    /** The newest mail to the address, waiting for it to arrive. */
    async latest(address: string, timeoutMs = 20_000): Promise<ParsedMail> {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const mail = received.filter((m) => to(m).includes(address)).at(-1);
        if (mail) return mail;
        if (performance.now() > until) throw new Error(`no mail to ${address}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path (below the host) of the first link in a mail: the app's public URL may name another host. */
export function linkPath(mail: ParsedMail): string {
  const match = /https?:\/\/[^\s]+/.exec(mail.text ?? '');
  if (!match) throw new Error('no link in the mail');
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
