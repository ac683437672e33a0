import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Database } from './client';

/**
 * Backups of the embedded database (PGlite in DATA_DIR). PGlite does not lock its data directory, and a second
 * process opening it while the server writes corrupts it. So whoever has the directory open (the server, or the
 * backup and restore tools when no server runs) listens on a unix socket that belongs to the directory: the socket
 * is the lock, and the server answers backup requests on it. Only the machine's user who runs the server can open
 * it (mode 0600), so no HTTP route, password or token is involved.
 */

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Unix socket paths are limited to about 107 bytes; a deeper DATA_DIR gets its socket in a private folder. */
const SOCKET_PATH_MAX = 100;
const HEADER_MAX = 4_096;

/** Where the process that has `dataDir` open listens. */
export function backupSocketPath(dataDir: string): string {
  const dir = fs.existsSync(dataDir) ? fs.realpathSync(dataDir) : path.resolve(dataDir);
  const inDir = path.join(dir, 'backup.sock');
  if (Buffer.byteLength(inDir) <= SOCKET_PATH_MAX) return inDir;
  const uid = process.getuid?.() ?? 0;
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 24);
  return path.join(privateTmpDir(uid), `${hash}.sock`);
}

/** os.tmpdir()/rosterly-<uid>, made 0700 and refused when someone else owns it or may enter it. */
function privateTmpDir(uid: number): string {
  const dir = path.join(os.tmpdir(), `rosterly-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0)
    throw new Error(`${dir} must be a folder of user ${uid} that nobody else may open (mode 0700)`);
  return dir;
}

type Header = { ok: true; pid: number; ready: boolean; bytes?: number } | { ok: false; error: string };

/**
 * A dump of the open database, gzipped: PGlite copies its data directory in one pass between two transactions, after
 * a checkpoint (`Database.dump`), so every committed write is in it and nothing half-done.
 */
async function dumpOf(database: Database): Promise<Buffer> {
  if (!database.dump) throw new Error('only the embedded database (PGlite) is dumped here; PostgreSQL uses pg_dump');
  return gzip(Buffer.from(await (await database.dump()).arrayBuffer()));
}

export interface DataDirLock {
  readonly socketPath: string;
  /** From now on backup requests are answered from this database. */
  attach(database: Database): void;
  /** Stops listening and removes the socket. */
  release(): Promise<void>;
}

/**
 * Takes the data directory: listens on its socket, after making sure no other process does. Throws, naming the
 * directory, when another process has it open. Until `attach` the socket answers that the database is starting.
 */
export async function holdDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketPath = backupSocketPath(dataDir);
  if (fs.existsSync(socketPath)) {
    const other = await askHolder(dataDir, 'ping').catch(() => null);
    if (other)
      throw new Error(
        `another process has DATA_DIR ${path.resolve(dataDir)} open (it answers on ${socketPath}): ` +
          'the embedded database allows one process at a time, so stop it first',
      );
    // Left behind by a process that ended without closing (kill -9, power loss).
    fs.rmSync(socketPath, { force: true });
  }
  let database: Database | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let line = '';
    const onData = (chunk: Buffer) => {
      line += chunk.toString('utf8');
      const end = line.indexOf('\n');
      if (end < 0) {
        if (line.length > HEADER_MAX) socket.destroy();
        return;
      }
      socket.off('data', onData);
      const command = line.slice(0, end).trim();
      const answer = (header: Header) => socket.end(`${JSON.stringify(header)}\n`);
      if (command === 'ping') return answer({ ok: true, pid: process.pid, ready: database !== null });
      if (command !== 'backup') return answer({ ok: false, error: `unknown command ${JSON.stringify(command)}` });
      const db = database;
      if (!db) return answer({ ok: false, error: 'the database is still starting: try again in a few seconds' });
      // One dump at a time: each holds the whole archive in memory.
      const work = running.then(() => dumpOf(db));
      running = work.catch(() => undefined);
      work.then(
        (dump) => {
          socket.write(`${JSON.stringify({ ok: true, pid: process.pid, ready: true, bytes: dump.length })}\n`);
          socket.end(dump);
        },
        (err: Error) => answer({ ok: false, error: err.message }),
      );
    };
    socket.on('data', onData);
  });
  // Created owner-only (the umask covers the moment between bind and chmod).
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    socketPath,
    attach(next) {
      database = next;
    },
    release: () =>
      new Promise<void>((resolve) => {
        database = null;
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the process that has `dataDir` open; null when none has. */
function askHolder(dataDir: string, command: 'ping' | 'backup'): Promise<{ header: Header; body: Buffer } | null> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.createConnection(socketPath, () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Nobody listens: no socket, or one left behind by a process that is gone.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf(10);
      if (end < 0) return reject(new Error(`no answer on ${socketPath}`));
      resolve({ header: JSON.parse(all.subarray(0, end).toString('utf8')) as Header, body: all.subarray(end + 1) });
    });
  });
}

/**
 * A consistent dump of the embedded database in `dataDir` (a gzipped PGlite data directory): made by the server when
 * one runs on it, else by opening the directory here (holding it, so no server starts meanwhile).
 */
export async function backupDataDir(
  dataDir: string,
  open: (dataDir: string) => Promise<Database>,
): Promise<{ dump: Buffer; by: 'server' | 'tool' }> {
  const answer = await askHolder(dataDir, 'backup');
  if (answer) {
    if (!answer.header.ok) throw new Error(`the server on DATA_DIR ${path.resolve(dataDir)}: ${answer.header.error}`);
    if (answer.body.length !== answer.header.bytes)
      throw new Error(`the dump ended early (${answer.body.length} of ${answer.header.bytes} bytes)`);
    return { dump: answer.body, by: 'server' };
  }
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(`DATA_DIR ${path.resolve(dataDir)} holds no embedded database (no pglite/PG_VERSION)`);
  const lock = await holdDataDir(dataDir);
  try {
    const database = await open(dataDir);
    try {
      return { dump: await dumpOf(database), by: 'tool' };
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

/** What kind of file a dump is, by its first bytes. */
export function dumpKind(file: Buffer): 'pglite-gzip' | 'pglite-tar' | 'pg_dump' | 'sql' | 'unknown' {
  if (file[0] === 0x1f && file[1] === 0x8b) return 'pglite-gzip';
  if (file.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite-tar';
  if (file.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (/^(--|SET |CREATE |\\)/m.test(file.subarray(0, 2_000).toString('utf8'))) return 'sql';
  return 'unknown';
}

/** Why `dataDir` cannot take a restore, or null when it is empty (or does not exist yet). */
export function notEmpty(dataDir: string): string | null {
  if (!fs.existsSync(dataDir)) return null;
  if (!fs.statSync(dataDir).isDirectory()) return `DATA_DIR ${path.resolve(dataDir)} is not a folder`;
  const entries = fs.readdirSync(dataDir);
  if (entries.length === 0) return null;
  const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
  return (
    `DATA_DIR ${path.resolve(dataDir)} is not empty (it holds ${shown}). A restore never overwrites a database: ` +
    'move that folder away, or point DATA_DIR at a new empty one, and restore again'
  );
}

/**
 * Brings a dump back into an empty `dataDir` (holding it meanwhile) and answers the opened database for a check;
 * the caller closes it. The server migrates it to its own version when it starts.
 */
export async function restoreDataDir(
  dataDir: string,
  file: Buffer,
  open: (dataDir: string, tar: Blob) => Promise<Database>,
): Promise<{ database: Database; lock: DataDirLock }> {
  const refusal = notEmpty(dataDir);
  if (refusal) throw new Error(refusal);
  const kind = dumpKind(file);
  if (kind === 'pg_dump' || kind === 'sql')
    throw new Error('this is a PostgreSQL dump (pg_dump): restore it with pg_restore or psql into PostgreSQL');
  if (kind === 'unknown') throw new Error('this is not a backup made by `npm run backup` (a gzipped PGlite archive)');
  const tar = kind === 'pglite-gzip' ? await gunzip(file) : file;
  const lock = await holdDataDir(dataDir);
  try {
    const database = await open(dataDir, new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }));
    lock.attach(database);
    return { database, lock };
  } catch (err) {
    // The folder was empty: what a failed restore wrote goes, so the next try starts empty again.
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    await lock.release();
    throw err;
  }
}
