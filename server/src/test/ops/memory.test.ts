import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, Proc, ROOT, until } from '../processes.ts';

/**
 * The embedded default fits a small server. The server process as production runs it (the
 * bundle, `node --enable-source-maps dist/server/index.js`, NODE_ENV=production, PGlite in a fresh data
 * folder, the test billing provider and dev outbox allowed as docs/deploy.md describes for a trial) stays
 * under 350 MB resident once it answers /readyz. It took about 890 MB: PGlite's default 128 MB of shared
 * buffers, and the second PGlite instance and initdb that make a new data folder, left to the garbage
 * collector. `npm run bench:scans` prints the figures under load (docs/deploy.md).
 */

const LIMIT_MB = 350;
const postgresStage = inject('testDatabase').driver === 'postgres';

/** Resident memory of a process, from /proc (Linux). */
function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

describe.skipIf(postgresStage || process.platform !== 'linux')('memory of the embedded default', () => {
  let dataDir: string;
  let app: Proc;
  let base: string;

  beforeAll(async () => {
    // The bundle, built when out of date (`npm test` has built it already: nothing to do then).
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.tmpdir() };
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-memory-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = new Proc('app', process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'memory-test-secret-memory-test-secret-0123',
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
    });
    // A new data folder is initialised first (initdb): slow on a busy machine.
    await until(
      '/readyz',
      async () => {
        if (!app.running) throw new Error(`the server exited\n${app.tail()}`);
        return (await fetch(`${base}/readyz`)).ok ? true : undefined;
      },
      120_000,
    );
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stays under ${LIMIT_MB} MB resident at rest on a fresh data folder`, async () => {
    // At rest: a moment after the first answer, with nothing in flight.
    await new Promise((r) => setTimeout(r, 2_000));
    const mb = residentMb(app.pid!);
    expect(mb, `resident ${mb.toFixed(0)} MB`).toBeLessThan(LIMIT_MB);
  });
});
