import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createContext, type AppContext } from '../context.ts';
import { createEnginePool, type Engine, type EnginePool } from '../engine/pool.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { warmEngine } from '../scans/engine-warmup.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';

/**
 * A fresh database cloned from the migrated template: PGlite in memory, or a new PostgreSQL database
 * created from the template when the suite runs against a real server.
 */
export async function freshDatabase(): Promise<Database> {
  const target = inject('testDatabase');
  if (target.driver === 'pglite') {
    const blob = new Blob([readFileSync(target.templateFile)]);
    return openDatabase({ driver: 'pglite', loadDataDir: blob });
  }
  const name = `rf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(target.url, name);
  const db = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
  const database: Database = {
    ...db,
    close: async () => {
      await db.close();
      const drop = new pg.Client({ connectionString: target.url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
  databaseUrls.set(database, url);
  return database;
}

/** The PostgreSQL URL of each fresh database, so a second instance can open its own pool on it. */
const databaseUrls = new WeakMap<Database, string>();

export interface TestApp {
  app: ReturnType<typeof createApp>;
  ctx: AppContext;
  config: Config;
  /** Calls the real app in-process (the same fetch handler the HTTP server uses). */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Where the app's log lines go (default: stdout); a test that reads the logs passes its own stream. */
  logDestination?: DestinationStream;
  /** Replaces the SMTP transport (with SMTP_URL set): a sender the test controls. */
  mailSender?: MailSender;
  /** false: the engine is not warmed up, so /readyz answers 503 (default: warmed, as server/src/index.ts does). */
  warm?: boolean;
}

/** Builds the real app on a fresh database with test settings; `env` overrides any setting. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp(env, await freshDatabase(), opts);
}

/**
 * Two app instances (own context, own connection pool) on one fresh PostgreSQL database, as two servers
 * behind a load balancer would run. PostgreSQL only: PGlite is one in-process database with one connection.
 */
export async function createTestAppPair(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  // One secret for both, so a session cookie made on one instance is valid on the other.
  const shared = { BETTER_AUTH_SECRET: 'two-instances-test-secret-0123456789abcdef', ...env };
  const a = await createTestApp(shared);
  const url = databaseUrls.get(a.ctx.database);
  if (!url) {
    await a.close();
    throw new Error('createTestAppPair needs PostgreSQL (TEST_DATABASE_URL)');
  }
  const second = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
  const b = await buildTestApp(shared, second, {});
  return [a, b];
}

/**
 * One test file's engine threads, shared by the apps it makes (each app still has its own engine: its own
 * LLM reviewer and MX setting on these threads). A thread's start costs about a second; a file's apps reuse it.
 * Idle threads do not keep the process alive (Piscina unrefs them).
 */
let sharedEnginePool: EnginePool | null = null;

async function buildTestApp(env: Record<string, string>, database: Database, opts: TestAppOptions): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    TEST_CLOCK: 'true',
    // One engine thread for a test file: the files run two at a time on two cores.
    ENGINE_THREADS: '1',
    ...env,
  });
  const ctx = createContext(config, {
    database,
    logger: createLogger(config.logLevel, opts.logDestination),
    clock: createClock(true),
    ...(opts.mailSender ? { mailSender: opts.mailSender } : {}),
    enginePool: (sharedEnginePool ??= createEnginePool(config.engineThreads)),
  });
  const app = createApp(ctx);
  if (opts.warm !== false) await warmEngine(ctx);
  return {
    app,
    ctx,
    config,
    request(p, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      return Promise.resolve(
        app.request(`http://localhost:5000${p}`, {
          ...rest,
          headers: h,
          ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        }),
      );
    },
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The statements the database received while `fn` ran, counted at the driver (db/client.ts stats): a round
 * trip each. For the round-trip tests; nothing else may use the database meanwhile.
 */
export async function statementsDuring<T>(
  t: Pick<TestApp, 'ctx'>,
  fn: () => Promise<T>,
): Promise<{ value: T; statements: number }> {
  const before = t.ctx.database.stats.statements;
  const value = await fn();
  return { value, statements: t.ctx.database.stats.statements - before };
}

/**
 * The context with its engine's analysis replaced by `analyze`: a test that counts the engine's runs wraps the
 * real one (`ctx.engine.analyze`), and one that checks what a failed analysis leaves behind throws.
 */
export function withEngine(ctx: AppContext, analyze: Engine['analyze']): AppContext {
  return { ...ctx, engine: { analyze } };
}
