import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port that keeps every mail it receives, parsed. `hold()` makes it keep each mail
 * waiting (no answer to the client) until `release()`: a request that delivered inline would wait with it.
 * `refuse(address)` answers that recipient with 550 (no such mailbox), as a receiving server does.
 */
export async function startSmtp() {
  const received: ParsedMail[] = [];
  const pending: Promise<unknown>[] = [];
  const refused = new Set<string>();
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, _session, callback) {
      const parsed = simpleParser(stream).then(
        (mail) => {
          const accept = () => {
            received.push(mail);
            callback();
          };
          if (held) held.push(accept);
          else accept();
        },
        (err: Error) => callback(err),
      );
      pending.push(parsed);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Every mail handed over so far, fully parsed. */
    settled: () => Promise.all(pending),
    hold() {
      held = [];
    },
    refuse(address: string) {
      refused.add(address.toLowerCase());
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const accept of waiting) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
