import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { afterAll, describe, expect, inject, it } from 'vitest';

/** The server as `npm run dev` runs it: its TypeScript sources through tsx, as a process of its own. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temp: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  /** Every line the process wrote (its log is JSON lines), stdout and stderr. */
  output: string[];
  exited: Promise<{ code: number | null; at: number }>;
  /** Resolves with the first line that matches. */
  line(pattern: RegExp, ms: number): Promise<string>;
}

/** Starts the server; `as` runs it as another user (uid and gid), which only root may ask for. */
function start(env: Record<string, string>, as?: { uid: number; gid: number }): Server {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...(as ? { HOME: os.tmpdir() } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
  children.push(child);
  const output: string[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      output.push(...lines);
      for (const check of waiting) check();
    });
  }
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  return {
    child,
    output,
    exited,
    line(pattern, ms) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no line like ${pattern} within ${ms} ms:\n${output.join('\n')}`));
        }, ms);
        const check = () => {
          const found = output.find((l) => pattern.test(l));
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
        void exited.then(() => {
          check();
          if (waiting.has(check)) {
            clearTimeout(timer);
            waiting.delete(check);
            reject(new Error(`exited before a line like ${pattern}:\n${output.join('\n')}`));
          }
        });
      });
    },
  };
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rosterly-main-'));
  temp.push(dir);
  return dir;
}

/**
 * A DATA_DIR holding the run's migrated empty database (global-setup.ts), so the server starts in seconds rather
 * than making and migrating a database first; without the template (a run on PostgreSQL) it starts from nothing.
 */
async function migratedDataDir(): Promise<string> {
  const dir = tempDir();
  const templates = inject('pgliteTemplates');
  if (templates) {
    const pglite = new PGlite(path.join(dir, 'pglite'), {
      extensions: { btree_gist },
      loadDataDir: new Blob([fs.readFileSync(templates.empty)]),
    });
    await pglite.waitReady;
    await pglite.close();
  }
  return dir;
}

/** A login whose body arrives in two parts: in flight from its headers until the rest is sent. */
function slowLogin(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Whatever123' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ status: Number(received.split(' ')[1]), body: received.slice(received.indexOf('\r\n\r\n') + 4) }),
    );
  });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.write(body.slice(10)), answered };
}

/** A GET on a connection of its own: its status and code, or the connection's error code. */
function freshGet(port: number, url: string): Promise<{ status: number; code?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(body) as { code?: string }).code }));
    });
    req.on('error', (error: Error & { code?: string }) => resolve({ status: 0, code: error.code }));
  });
}

const STOP_CAP_MS = 10_000;

describe('the server process', () => {
  it('drains on SIGTERM: refuses new requests, finishes the one in flight, stops its jobs and exits 0 within the cap', async () => {
    const server = start({ SAMPLE_DATA: '0', DATA_DIR: await migratedDataDir(), JOBS: '1' });
    const serving = await server.line(/serving on http:\/\/localhost:\d+/, 240_000);
    const port = Number(/localhost:(\d+)/.exec(serving)?.[1]);
    expect(await freshGet(port, '/api/health')).toEqual({ status: 200, code: undefined });

    const login = slowLogin(port);
    await server.line(/"url":"\/api\/auth\/login"/, 10_000);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    await server.line(/SIGTERM: finishing the requests in flight/, 10_000);
    // A new request is not taken: the listener is closed (refused, or reset when the connection sat in the
    // kernel's backlog as the listener closed), or, on a connection already open, 503 SHUTTING_DOWN.
    const refused = await freshGet(port, '/api/health');
    expect([
      [0, 'ECONNREFUSED'],
      [0, 'ECONNRESET'],
      [503, 'SHUTTING_DOWN'],
    ]).toContainEqual([refused.status, refused.code]);

    // The request in flight still gets its answer.
    login.finish();
    const answer = await login.answered;
    expect(answer.status, answer.body).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const { code, at } = await server.exited;
    expect(code, server.output.join('\n')).toBe(0);
    expect(at - signalled).toBeLessThan(STOP_CAP_MS);
    expect(server.output.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 300_000);

  it('names the path and the problem when DATA_DIR cannot be a directory', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'sub');
    const server = start({ SAMPLE_DATA: '0', DATA_DIR: dataDir });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const output = server.output.join('\n');
    expect(output).toContain(`DATA_DIR ${dataDir}: cannot create ${path.join(dataDir, 'pglite')}`);
    expect(output).toContain('a part of the path is a file, not a directory');
    expect(output).not.toContain('PGlite failed to initialize properly');
  }, 120_000);

  it('names the path and the permission when DATA_DIR is read-only', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o555);
    // Root writes through a directory's mode bits: as root, the server runs as nobody to meet the problem.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const server = start({ SAMPLE_DATA: '0', DATA_DIR: dataDir }, asNobody);
    const { code } = await server.exited;
    fs.chmodSync(dataDir, 0o755);
    expect(code).toBe(1);
    const output = server.output.join('\n');
    expect(output).toContain(`DATA_DIR ${dataDir}: cannot create ${path.join(dataDir, 'pglite')}`);
    expect(output).toMatch(/permission denied: the server runs as user \S+ \(uid \d+\), who may not write there/);
  }, 120_000);
});
