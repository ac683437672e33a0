import { connect } from 'node:net';

/** What clamd said of a file: clean, or the name of what it found. */
export type ScanResult = { clean: true } | { clean: false; found: string };

export interface VirusScanner {
  scan(bytes: Buffer): Promise<ScanResult>;
}

/** clamd's INSTREAM chunks: well under its StreamMaxLength chunking default. */
const CHUNK = 64 * 1024;

/**
 * A clamd client (CLAMD_URL, `tcp://host:port`): sends the bytes with INSTREAM (`zINSTREAM\0`, chunks each led by
 * their length as 4 big-endian bytes, a zero length to end) and reads the one answer, `stream: OK` or
 * `stream: <name> FOUND`. Anything else (an error, a closed connection, the time running out) throws: an upload
 * that could not be scanned is not kept.
 */
export function clamdScanner(url: string, timeoutMs = 30_000): VirusScanner {
  const u = new URL(url);
  const host = u.hostname;
  const port = Number(u.port || 3310);
  return {
    scan: (bytes) =>
      new Promise<ScanResult>((resolve, reject) => {
        const socket = connect({ host, port });
        const answer: Buffer[] = [];
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error('clamd did not answer in time')));
        socket.on('error', reject);
        socket.on('data', (chunk) => answer.push(chunk));
        socket.on('end', () => {
          const text = Buffer.concat(answer).toString('utf8').replace(/\0/g, '').trim();
          if (/: OK$/.test(text)) resolve({ clean: true });
          else if (/ FOUND$/.test(text))
            resolve({ clean: false, found: text.replace(/^[^:]*:\s*/, '').replace(/ FOUND$/, '') });
          else reject(new Error(`clamd answered: ${text || 'nothing'}`));
        });
        socket.on('connect', () => {
          socket.write('zINSTREAM\0');
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const part = bytes.subarray(at, at + CHUNK);
            const size = Buffer.alloc(4);
            size.writeUInt32BE(part.length);
            socket.write(size);
            socket.write(part);
          }
          socket.write(Buffer.alloc(4));
        });
      }),
  };
}
