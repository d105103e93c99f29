import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createContext } from './context.ts';
import { startBillingJobs } from './billing/jobs.ts';
import { ConfigError, GENERATED_SECRET_FILE, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { startMailWorker } from './mail/mail.service.ts';
import { startFeedRefresh } from './reputation/feeds.service.ts';
import { startInboundSmtp } from './inbound/smtp.ts';
import { warmEngine } from './scans/engine-warmup.ts';

// The only file that listens. Everything it needs is built here from validated settings.
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`RedFlag cannot start.\n${err.message}\nSee .env.example for every setting.`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  if (config.auth.secretSource === 'generated') {
    const file = path.join(config.dataDir, GENERATED_SECRET_FILE);
    // Several instances on one PostgreSQL each keep their own data folder, so each would sign with its own
    // secret: sessions made on one would not be valid on another (docs/decisions/044-safe-by-default.md).
    if (config.database.driver === 'postgres') {
      logger.warn(
        { file },
        'BETTER_AUTH_SECRET is not set: signing with the secret kept in the data folder; set BETTER_AUTH_SECRET when several instances share this database',
      );
    } else {
      logger.info({ file }, 'BETTER_AUTH_SECRET is not set: signing with the secret kept in the data folder');
    }
  }
  const database = await openDatabase(
    config.database.driver === 'pglite'
      ? { driver: 'pglite', dir: config.database.dir }
      : { driver: 'postgres', url: config.database.url, poolSize: config.database.poolSize },
  );
  await database.migrate();
  const ctx = createContext(config, { database, logger, clock: createClock(config.testClock) });
  const app = createApp(ctx);
  // /readyz answers 503 until the engine has run once, so the first scan after a start is not the slow one.
  void warmEngine(ctx).catch((err: unknown) =>
    logger.error(
      { err: { name: (err as Error)?.name, message: (err as Error)?.message } },
      'engine warm-up failed: not ready',
    ),
  );
  // Retries mails whose SMTP send failed (no-op with the dev outbox).
  const stopMailWorker = startMailWorker(ctx);
  // Trial reminder mails (any provider); the local provider also converts trials at their end, renews, ends cancelled subscriptions.
  const stopBillingJobs = startBillingJobs(ctx);
  // Known-bad lists named in FEEDS, downloaded on their schedule (nothing without FEEDS).
  const stopFeedRefresh = startFeedRefresh(ctx);
  // This instance's copy of the lists, loaded now so that the first scan with a link does not wait for it.
  void ctx.knownBad
    .load()
    .catch((err: unknown) =>
      logger.warn(
        { err: { name: (err as Error)?.name } },
        'known-bad lists not loaded at start; the first scan tries again',
      ),
    );
  // Forwarded mail to check (off unless INBOUND_SMTP_PORT is set; docs/deploy.md).
  const inboundSmtp = config.inbound ? await startInboundSmtp(ctx) : null;

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, host: config.host, database: database.driver, url: config.publicUrl },
      `RedFlag is listening on ${config.publicUrl}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Force-exit if something hangs; in-flight requests normally finish well within this.
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      stopBillingJobs();
      stopFeedRefresh();
      await inboundSmtp?.close().catch((err: unknown) => logger.error({ err }, 'inbound SMTP close failed'));
      await stopMailWorker().catch((err: unknown) => logger.error({ err }, 'mail worker stop failed'));
      await ctx.enginePool.close().catch((err: unknown) => logger.error({ err }, 'engine threads stop failed'));
      await database.close().catch((err: unknown) => logger.error({ err }, 'database close failed'));
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`RedFlag cannot start.\n${err.message}`);
    process.exit(1);
  }
  console.error('RedFlag failed to start:', err);
  process.exit(1);
});
