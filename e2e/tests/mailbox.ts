import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The mail catcher of the end-to-end flows: a real SMTP server the app under test delivers to. The Playwright
 * server is started with SMTP_URL pointing here (playwright.config.ts); a server of your own needs the same
 * (`SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT>`). Mails are delivered by the app's `mail.deliver` job, retried until
 * the catcher listens.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

export async function startMailbox() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
