import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as pgliteParse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** The typed database both drivers give: repos depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions =
  { driver: 'pglite'; dir?: string; loadDataDir?: Blob } | { driver: 'postgres'; url: string; poolSize?: number };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (safe to call from several instances at once on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Statements sent to the database since it was opened (BEGIN and COMMIT included): one round trip each.
   * Read by tests that hold a request to a number of round trips; costs one increment.
   */
  readonly stats: { statements: number };
  /** PostgreSQL only: the pool's connections now (total, idle) and callers waiting for one; for /metrics. */
  pool?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as a tarball, to clone a migrated database quickly in tests. */
  dump?(): Promise<Blob>;
}

/**
 * PostgreSQL settings for the embedded database. PGlite starts PostgreSQL with initdb's
 * defaults, sized for a server of its own: 128 MB of shared buffers, all of it resident in PGlite's WebAssembly
 * heap, which never gives memory back. RedFlag's hot pages (the newest scans, sessions, rate-limit rows) fit
 * in far less, and the files underneath stay in the operating system's cache. The others bound what one
 * statement may take for a sort (work_mem), an index build (maintenance_work_mem) or temporary tables, since
 * whatever the heap reaches once stays resident. Given on every start, so an older data folder (whose
 * postgresql.conf says 128MB) gets them too. Figures in docs/deploy.md.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  // One backend in one process: room for a few, not initdb's 100 (each sizes the lock and process tables).
  max_connections: '10',
};

const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
];

/**
 * Creates the database in a new data folder in a short-lived child process. PGlite makes a new folder with a
 * second, temporary PostgreSQL and initdb, about 500 MB between them, and in this process that memory would
 * stay resident until some later garbage collection; a child's goes back when it exits.
 */
async function initDataDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import(process.argv[1]); const pg = await PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }); await pg.close();`;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      import.meta.resolve('@electric-sql/pglite'),
      dir,
      JSON.stringify(pgliteStartParams()),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`could not create the database in ${dir} (exit ${code}): ${stderr.trim()}`);
}

// An arbitrary constant so that instances starting together apply migrations one at a time.
const MIGRATION_LOCK_ID = 7_215_001;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.driver === 'pglite') {
    const onDisk = opts.dir !== undefined && !opts.dir.startsWith('memory://');
    if (opts.dir && onDisk) mkdirSync(opts.dir, { recursive: true });
    // One process per data folder: a second one would overwrite the first one's pages (data-dir-lock.ts).
    const lock = opts.dir && onDisk ? lockDataDir(opts.dir) : null;
    let client: PGlite;
    try {
      if (opts.dir && onDisk && !opts.loadDataDir) await initDataDir(opts.dir);
      client = await PGlite.create(opts.dir, {
        startParams: pgliteStartParams(),
        ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      });
    } catch (err) {
      lock?.release();
      throw err;
    }
    const stats = { statements: 0 };
    const db = drizzlePglite(countPgliteStatements(client, stats), { schema });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      stats,
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        try {
          await client.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
      dump: () => client.dumpDataDir('none'),
    };
  }

  const stats = { statements: 0 };
  // Every query of the pool's connections goes through Client#query: count there.
  class CountingClient extends pg.Client {
    override query(...args: unknown[]): never {
      stats.statements++;
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  const pool = new pg.Pool({
    Client: CountingClient,
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process: the pool replaces it, /readyz reports the outage.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    stats,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        // Migrate on the connection that holds the lock, so a pool of one cannot deadlock.
        await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Named prepared statements for PGlite's repeated statements (docs/decisions/119). PGlite's `query` sends each
 * statement unnamed, so PostgreSQL parses and plans it on every call; in WebAssembly planning the statement
 * that stores a scan took about nine tenths of its time. A text run PREPARE_AFTER times is prepared once under
 * a name, as a PostgreSQL driver's named statements are, and later calls only bind and execute it: the same
 * protocol messages PGlite's own `query` sends, under the same two locks, parsed by PGlite's own result parser.
 * Not inside transactions (their handle is left as it is). A multi-statement `exec` (migrations) may change
 * what a prepared statement reads, so it deallocates them all and they are prepared again.
 */
const PREPARE_AFTER = 3;
const MAX_PREPARED = 64;
const MAX_SEEN = 1_000;

interface NamedStatement {
  name: string;
  paramTypes: number[];
}

class PgliteStatements {
  private readonly seen = new Map<string, number>();
  private readonly named = new Map<string, NamedStatement>();
  private counter = 0;
  private stale = false;
  constructor(private readonly pg: PGlite) {}

  /** True when this text should run as a named statement (counts the call). */
  wants(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || options?.paramTypes) return false;
    if (this.named.has(text)) return true;
    const n = (this.seen.get(text) ?? 0) + 1;
    if (this.seen.size >= MAX_SEEN && !this.seen.has(text)) this.seen.clear();
    this.seen.set(text, n);
    return n > PREPARE_AFTER && this.named.size < MAX_PREPARED;
  }

  /** After a multi-statement exec: every named statement is dropped before the next one runs. */
  invalidate(): void {
    if (this.named.size) this.stale = true;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const pg = this.pg;
    const { serialize } = protocol;
    const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        // PGlite runs a statement synchronously on the event loop, and the next one queued behind its lock
        // starts in a microtask when it ends: ten scans' statements would run back to back with no I/O between
        // them. Each waits for the loop's next turn first, so a health check or a sign-in is answered between
        // two statements rather than after all of them (decision 134).
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.stale) {
          this.stale = false;
          this.named.clear();
          await send(concat([serialize.query('DEALLOCATE ALL'), serialize.sync()]));
        }
        let messages: Awaited<ReturnType<typeof send>>;
        try {
          let statement = this.named.get(text);
          if (!statement) {
            const name = `redflag_${++this.counter}`;
            const described = await send(
              concat([
                serialize.parse({ name, text, types: [] }),
                serialize.describe({ type: 'S', name }),
                serialize.sync(),
              ]),
            );
            statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(described) };
            this.named.set(text, statement);
          }
          const types = statement.paramTypes;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const type = types[i] ?? 0;
            const serializer = options?.serializers?.[type] ?? pg.serializers[type];
            return serializer ? serializer(value) : String(value as string);
          });
          // Bind, describe, execute and sync in one call into PostgreSQL: the protocol allows a batch, PGlite
          // runs it message by message and reports the first error after the sync, as four calls would.
          messages = await send(
            concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
        } catch (err) {
          // As PGlite's query does: the error names the statement and its parameters.
          if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options });
          throw err;
        }
        await pg.syncToFs();
        return pgliteParse.parseResults(messages, this.parsersFor(options), {
          ...options,
          parsers: undefined,
        })[0] as Results<T>;
      }),
    );
  }

  /** PGlite's parsers with a statement's own on top, merged once per statement (parseResults merges them per call). */
  private readonly mergedParsers = new WeakMap<object, Record<number, unknown>>();
  private parsersFor(options: QueryOptions | undefined): PGlite['parsers'] {
    const own = options?.parsers;
    if (!own) return this.pg.parsers;
    let merged = this.mergedParsers.get(own);
    if (!merged) {
      merged = { ...this.pg.parsers, ...own };
      this.mergedParsers.set(own, merged);
    }
    return merged as PGlite['parsers'];
  }
}

/** One protocol batch from several serialized messages. */
function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The PGlite client drizzle talks to, with each statement counted: query and exec, and a transaction's
 * BEGIN and COMMIT (or ROLLBACK) plus the statements run on its handle.
 */
function countPgliteStatements(client: PGlite, stats: { statements: number }): PGlite {
  const statements = new PgliteStatements(client);
  const counted = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value: unknown = Reflect.get(obj, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'query' && obj === client) {
          return (text: string, params?: unknown[], options?: QueryOptions) => {
            stats.statements++;
            if (statements.wants(text, options)) return statements.query(text, params, options);
            return client.query(text, params, options);
          };
        }
        if (prop === 'query' || prop === 'exec' || prop === 'sql') {
          return (...args: unknown[]) => {
            stats.statements++;
            if (prop === 'exec') statements.invalidate();
            return (value as (...a: unknown[]) => unknown).apply(obj, args);
          };
        }
        if (prop === 'transaction') {
          return (fn: (tx: object) => Promise<unknown>) => {
            stats.statements += 2;
            return (value as (f: (tx: object) => Promise<unknown>) => unknown).call(obj, (tx: object) =>
              fn(counted(tx)),
            );
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(obj);
      },
    });
  return counted(client);
}
