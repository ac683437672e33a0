import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import { prepareDataDir, StartupError } from './data-dir';
import { inlineParams } from './inline';
import { CHANGES_CHANNEL, secureTenantTables, tenantPrelude } from './rls';
import * as schema from './schema';
import { consoleLog, type DatabaseLog, databaseAddress, whileDatabaseAway } from './wait';

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A committed change of a row the session cache depends on: its table and key columns (see `WATCHED_TABLES`). */
export type RowChange = { t: string } & Record<string, string[] | string | undefined>;

export interface ChangeFeed {
  /** Whether every committed change reaches the listeners now (false while PostgreSQL's listener reconnects). */
  readonly live: boolean;
  stop(): Promise<void>;
}

export interface Database {
  /**
   * The owner's handle: it bypasses row-level security. For work that spans accounts by design (sign-in, sessions,
   * codes, jobs, migrations, the sample data) and for tools; requests reach the database through `forAccount`.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A handle on which every statement runs as the tenant role with the account set (`db/rls.ts`), each in a
   * transaction of its own: a plain query becomes BEGIN + the account, the query, COMMIT; `transaction()` adds the
   * account to its BEGIN. Cached per account.
   */
  forAccount(accountId: string): Db;
  /**
   * Listens to committed changes of the rows the session cache reads (sessions, users, memberships, accounts,
   * location links, the version row). A change is delivered on this instance before the write that made it returns.
   */
  watchChanges(listener: (change: RowChange) => void, onLive?: () => void): Promise<ChangeFeed>;
  /** Applies the committed migrations, then row-level security and the change triggers (`db/rls.ts`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock (PostgreSQL's advisory lock `START_LOCK`): instances started together
   * migrate and create the sample one after the other, so the second finds the work done. PGlite has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from and for backups (db/backup.ts). */
  dump?: () => Promise<Blob>;
  /**
   * Plain SQL for libraries that bring their own queries (the job queue): with values as one parameterised
   * statement, without values as a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** The committed SQL migrations; the compiled server (dist/) reads them from the sources too. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations');

/** drizzle's view of the schema, built once: every tenant handle shares it. */
const relational: RelationalSchemaConfig<TablesRelationalConfig> = (() => {
  const config = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: config.tables, tableNamesMap: config.tableNamesMap };
})();
const dialect = new PgDialect();

/** Tenant handles per account; a bound on how many are kept (they are cheap to make again). */
const TENANT_HANDLES_KEPT = 5_000;

function tenantHandles(make: (accountId: string) => Db): (accountId: string) => Db {
  const handles = new Map<string, Db>();
  return (accountId) => {
    let db = handles.get(accountId);
    if (!db) {
      if (handles.size >= TENANT_HANDLES_KEPT) handles.clear();
      db = make(accountId);
      handles.set(accountId, db);
    }
    return db;
  };
}

type ChangeListener = (change: RowChange) => void;

function parseChange(payload: string | undefined): RowChange | null {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as RowChange;
  } catch {
    return null;
  }
}

/**
 * The tenant session on PostgreSQL. A plain query is one message: the account and the statement, run by PostgreSQL as
 * one implicit transaction; `transaction()` sends the account with its BEGIN. Neither costs an extra round trip.
 */
class TenantPgSession extends NodePgSession<Schema, TablesRelationalConfig> {
  readonly #pool: pg.Pool;
  readonly #prelude: string;

  constructor(pool: pg.Pool, prelude: string) {
    // A plain query: the tenant and the statement (its values written in) in one message, which PostgreSQL runs
    // as one implicit transaction, so the settings end with it.
    const bare = {
      async query(config: pg.QueryConfig & { rowMode?: 'array' }, values?: unknown[]) {
        const text = `${prelude};\n${inlineParams(config.text, values)}`;
        const results = (await pool.query({ text, rowMode: config.rowMode, types: config.types } as pg.QueryConfig)) as
          | pg.QueryResult
          | pg.QueryResult[];
        return Array.isArray(results) ? results[results.length - 1] : results;
      },
    };
    super(bare as unknown as pg.Pool, dialect, relational, {});
    this.#pool = pool;
    this.#prelude = prelude;
  }

  override async transaction<T>(
    run: (tx: NodePgTransaction<Schema, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const client = await this.#pool.connect();
    const session = new NodePgSession<Schema, TablesRelationalConfig>(client, this.dialect, relational, {});
    const tx = new NodePgTransaction<Schema, TablesRelationalConfig>(this.dialect, session, relational);
    let broken: Error | undefined;
    try {
      if (config) {
        // SET TRANSACTION must come before any query of the transaction.
        await client.query('begin');
        await tx.setTransaction(config);
        await client.query(this.#prelude);
      } else {
        await client.query(`begin; ${this.#prelude}`);
      }
      const result = await run(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** The tenant session on PGlite: the same, on PGlite's one connection (its transactions hold it exclusively). */
class TenantPgliteSession extends PgliteSession<Schema, TablesRelationalConfig> {
  readonly #client: PGlite;
  readonly #prelude: string;

  constructor(client: PGlite, prelude: string) {
    // A plain query: the tenant and the statement in one message (one implicit transaction), as on PostgreSQL.
    const bare = {
      async query(text: string, params: unknown[], options: Parameters<PGlite['exec']>[1]) {
        const results = await client.exec(`${prelude};\n${inlineParams(text, params)}`, options);
        return results[results.length - 1];
      },
    };
    super(bare as unknown as PGlite, dialect, relational, {});
    this.#client = client;
    this.#prelude = prelude;
  }

  override async transaction<T>(
    run: (tx: PgliteTransaction<Schema, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.#client.transaction(async (client) => {
      const session = new PgliteSession<Schema, TablesRelationalConfig>(client, this.dialect, relational, {});
      const tx = new PgliteTransaction<Schema, TablesRelationalConfig>(this.dialect, session, relational);
      if (config) await tx.setTransaction(config);
      await client.exec(this.#prelude);
      return run(tx);
    });
  }
}

/** How long PostgreSQL's change listener waits before it reconnects. */
const LISTENER_RETRY_MS = 1_000;

/** The advisory lock key of the start-up (migrations and the sample); `db/rls.ts` takes its own inside. */
export const START_LOCK = 0x7e7a_5747;

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it answers that the
 * database is unavailable: a database that does not answer at all must not hold requests until TCP gives up.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL through `url`, else PGlite stored in `dataDir` (or in memory when `dataDir` is null). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** A PGlite data directory dump to start from: the in-memory database (tests), or an empty `dataDir` (restore). */
  loadDataDir?: Blob;
  /** Connections lost and the wait for the database at start (warnings on the console without it). */
  log?: DatabaseLog;
}): Promise<Database> {
  const log = opts.log ?? consoleLog;
  const listeners = new Set<ChangeListener>();
  const deliver = (payload: string | undefined) => {
    const change = parseChange(payload);
    if (change) for (const listener of listeners) listener(change);
  };
  if (opts.url) {
    const url = opts.url;
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A database that vanished without closing the socket (a failover, a cut network) is noticed.
      keepAlive: true,
      // Every connection listens to the change channel: PostgreSQL hands a connection its own notifications before
      // its COMMIT returns, so this instance's caches drop a changed row before the write that changed it answers.
      onConnect: async (client) => {
        // A connection cut while a request or a transaction holds it (the pool listens only to idle ones) must not
        // end the process: the query it ran fails with the error, the request answers DATABASE_UNAVAILABLE, and
        // the pool drops the connection when it comes back.
        client.on('error', (err) => log.warn(`database connection lost while in use: ${err.message}`));
        client.on('notification', (n) => {
          if (n.channel === CHANGES_CHANNEL) deliver(n.payload);
        });
        await client.query(`listen ${CHANGES_CHANNEL}`);
      },
    } as pg.PoolConfig);
    // An idle connection the server drops (restart, failover) must not take the process down; the pool reconnects.
    pool.on('error', (err) => log.warn(`database connection lost: ${err.message}`));
    // A server started before its database (or during an outage) waits for it, saying so, instead of exiting.
    await whileDatabaseAway(() => pool.query('select 1'), databaseAddress(url), log).catch(async (error) => {
      await pool.end().catch(() => undefined);
      throw error;
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const executeSql: Database['executeSql'] = async (text, values) => {
      const result = await pool.query(text, values?.length ? values : undefined);
      // A script answers one result per statement: the last one is the answer.
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    };
    return {
      db,
      kind: 'postgres',
      forAccount: tenantHandles(
        (accountId) =>
          new NodePgDatabase<Schema>(
            dialect,
            new TenantPgSession(pool, tenantPrelude(accountId)),
            relational as never,
          ) as unknown as Db,
      ),
      async watchChanges(listener, onLive) {
        listeners.add(listener);
        // Changes made by other instances arrive on a connection of its own, which the pool cannot close when idle.
        let client: pg.Client | null = null;
        let live = false;
        let stopped = false;
        let retry: NodeJS.Timeout | null = null;
        const connect = async () => {
          retry = null;
          const next = new pg.Client({ connectionString: url, keepAlive: true });
          const lost = () => {
            if (client !== next) return;
            live = false;
            client = null;
            next.end().catch(() => undefined);
            if (!stopped && !retry) retry = setTimeout(connect, LISTENER_RETRY_MS);
          };
          next.on('error', lost);
          next.on('end', lost);
          next.on('notification', (n) => {
            if (n.channel === CHANGES_CHANNEL) deliver(n.payload);
          });
          client = next;
          try {
            await next.connect();
            await next.query(`listen ${CHANGES_CHANNEL}`);
            if (stopped) return;
            live = true;
            // Whatever changed while nobody listened is unknown: the listener starts afresh.
            onLive?.();
          } catch {
            lost();
          }
        };
        await connect();
        return {
          get live() {
            return live;
          },
          async stop() {
            stopped = true;
            live = false;
            listeners.delete(listener);
            if (retry) clearTimeout(retry);
            const c = client;
            client = null;
            await c?.end().catch(() => undefined);
          },
        };
      },
      async migrate() {
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
        await secureTenantTables((text) => executeSql(text));
      },
      async exclusively(work) {
        // The lock belongs to this connection: if it dies, PostgreSQL lets the lock go with it.
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            `select pg_try_advisory_lock(${START_LOCK}) as locked`,
          );
          if (!rows[0]?.locked) {
            log.info('another instance is migrating the database: waiting for it');
            await client.query(`select pg_advisory_lock(${START_LOCK})`);
          }
          const result = await work();
          await client.query(`select pg_advisory_unlock(${START_LOCK})`);
          return result;
        } catch (error) {
          broken = error as Error;
          throw error;
        } finally {
          // A failed run closes the connection, and the lock with it, whatever state it is in.
          client.release(broken);
        }
      },
      close: () => pool.end(),
      executeSql,
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    // A directory the server cannot write stops the start with its path and why, not PGlite's own message.
    const dir = prepareDataDir(opts.dataDir);
    client = new PGlite(dir, {
      extensions: { btree_gist },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    await client.waitReady.catch((error: Error) => {
      throw new StartupError(
        `DATA_DIR ${path.resolve(opts.dataDir as string)}: PGlite cannot open ${dir}: ${error.message}`,
      );
    });
  } else {
    client = new PGlite({ extensions: { btree_gist }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    await client.waitReady;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values?.length) return { rows: (await client.query(text, values)).rows };
    const results = await client.exec(text);
    return { rows: results[results.length - 1]?.rows ?? [] };
  };
  let unlisten: (() => Promise<void>) | null = null;
  return {
    db,
    kind: 'pglite',
    // Between transactions (it holds the connection as one does) and after a checkpoint: a copy needing no recovery.
    dump: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('none');
      }),
    forAccount: tenantHandles(
      (accountId) =>
        new PgliteDatabase<Schema>(
          dialect,
          new TenantPgliteSession(client, tenantPrelude(accountId)),
          relational as never,
        ) as unknown as Db,
    ),
    async watchChanges(listener, onLive) {
      listeners.add(listener);
      // One connection: PGlite delivers a notification while the statement that committed it returns.
      if (!unlisten) unlisten = await client.listen(CHANGES_CHANNEL, (payload) => deliver(payload));
      onLive?.();
      return {
        live: true,
        async stop() {
          listeners.delete(listener);
          if (listeners.size === 0 && unlisten) {
            const u = unlisten;
            unlisten = null;
            await u().catch(() => undefined);
          }
        },
      };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      await secureTenantTables((text) => executeSql(text));
    },
    exclusively: (work) => work(),
    close: () => client.close(),
    executeSql,
  };
}
