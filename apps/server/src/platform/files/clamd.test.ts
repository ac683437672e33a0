import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdScanner } from './clamd';

/**
 * The clamd client against a tiny clamd in the test: it reads the INSTREAM command and its chunks as clamd does,
 * and answers FOUND for the EICAR test string, OK otherwise.
 */

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
let server: Server;
let url: string;
/** What the fake clamd received, per connection: the command and the reassembled stream. */
const received: { command: string; stream: Buffer; chunks: number }[] = [];
let mode: 'normal' | 'error' | 'silent' = 'normal';

function fakeClamd(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let command: string | null = null;
  const parts: Buffer[] = [];
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    if (command === null) {
      const end = buffer.indexOf(0);
      if (end < 0) return;
      command = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 1);
    }
    while (buffer.length >= 4) {
      const size = buffer.readUInt32BE(0);
      if (size === 0) {
        const stream = Buffer.concat(parts);
        received.push({ command, stream, chunks: parts.length });
        if (mode === 'silent') return;
        if (mode === 'error') socket.end('INSTREAM size limit exceeded. ERROR\0');
        else socket.end(stream.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
        return;
      }
      if (buffer.length < 4 + size) return;
      parts.push(buffer.subarray(4, 4 + size));
      buffer = buffer.subarray(4 + size);
    }
  });
}

beforeAll(async () => {
  server = createServer(fakeClamd);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the clamd client', () => {
  it('streams the file with INSTREAM in chunks and reads a clean answer', async () => {
    mode = 'normal';
    received.length = 0;
    const file = Buffer.alloc(200 * 1024, 3);
    expect(await clamdScanner(url).scan(file)).toEqual({ clean: true });
    expect(received[0].command).toBe('zINSTREAM');
    expect(received[0].stream.equals(file)).toBe(true);
    expect(received[0].chunks).toBeGreaterThan(1);
  });

  it('names what clamd found', async () => {
    mode = 'normal';
    expect(await clamdScanner(url).scan(Buffer.from(EICAR))).toEqual({ clean: false, found: 'Eicar-Test-Signature' });
  });

  it('fails on an error answer, a silent clamd and one that is not there', async () => {
    mode = 'error';
    await expect(clamdScanner(url).scan(Buffer.from('x'))).rejects.toThrow(/ERROR/);
    mode = 'silent';
    await expect(clamdScanner(url, 200).scan(Buffer.from('x'))).rejects.toThrow(/in time/);
    mode = 'normal';
    await expect(clamdScanner('tcp://127.0.0.1:1').scan(Buffer.from('x'))).rejects.toThrow();
  });
});
