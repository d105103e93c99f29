import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { getEngineInfo } from '../../detection/engine-info.ts';
import { loadNanpData } from '../../detection/phone/nanp.ts';
import { analyzePhone } from '../../detection/phone/phone.ts';
import { freePort, ROOT } from '../processes.ts';

/**
 * How RedFlag starts (docs/deploy.md): `npm start` builds only what is missing or older than its sources
 * (scripts/build.mjs), then runs the bundled server, dist/server/index.js; production runs that bundle alone.
 *
 * 1. `npm start` twice on one data folder: the second start builds nothing (each build step says "up to date",
 *    no file of client/dist, dist/server or the phone table is rewritten) and answers /healthz. The times
 *    are printed, not asserted: this machine's load decides them.
 * 2. The bundle copied to a folder with nothing of the repository but node_modules (and the built client),
 *    run with `node dist/server/index.js` in production mode on PGlite: every file the server finds from
 *    its own place (migrations, model, evaluation report, phone table, client, API reference bundle) is
 *    found, and a person signs up, starts the trial and gets a scan.
 *
 * PGlite in a data folder of its own, so once: the PostgreSQL stage skips it.
 */

const postgresStage = inject('testDatabase').driver === 'postgres';
const BASE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.tmpdir() };
const PASSWORD = 'Start-Test-Journey-Passphrase-26';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const PHONE = '+1 212 736 5000';

/** A command in a process group of its own (npm, its shell and node stop together), its output kept. */
class Group {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  running = true;
  private readonly pid: number;

  constructor(command: string, args: string[], env: Record<string, string>, cwd = ROOT) {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid === undefined) throw new Error(`${command} did not start`);
    this.pid = child.pid;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        this.lines.push(...parts);
      });
    }
    // 'close': every process of the group that held the output is gone, the server included (npm and its
    // shell end at the signal, the server after its drain).
    this.exited = new Promise((resolve) =>
      child.on('close', (code) => {
        this.running = false;
        resolve(code);
      }),
    );
  }

  tail(n = 40) {
    return `--- last lines ---\n${this.lines.slice(-n).join('\n')}`;
  }

  /**
   * SIGTERM to the group (the server drains and exits), SIGKILL if it is still there after its 10 s drain.
   * The exit code of the command started (npm's is null: the signal ends it).
   */
  async stop(): Promise<number | null> {
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-this.pid, s);
      } catch {
        /* already gone */
      }
    };
    signal('SIGTERM');
    const code = await Promise.race([
      this.exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000)),
    ]);
    if (code !== 'timeout') return code;
    signal('SIGKILL');
    return this.exited;
  }
}

/** Seconds from `t0` until GET /healthz answers 200; fails as soon as the process exits. */
async function healthy(group: Group, base: string, t0: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!group.running) throw new Error(`exited before answering /healthz\n${group.tail()}`);
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) return (performance.now() - t0) / 1000;
    if (Date.now() > deadline) throw new Error(`no /healthz within ${timeoutMs / 1000} s\n${group.tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every file under `dirs` (and the files themselves) with its modification time. */
function mtimes(paths: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else out[path.relative(ROOT, p)] = st.mtimeMs;
  };
  for (const p of paths) visit(p);
  return out;
}

/** The build's report: the lines `build: <step>: <what it did>` of each step, in order. */
function buildReport(group: Group): Map<string, string[]> {
  const report = new Map<string, string[]>();
  for (const line of group.lines) {
    const m = /^build: (phone-data|client|server): (.*)$/.exec(line);
    if (m?.[1]) report.set(m[1], [...(report.get(m[1]) ?? []), m[2] ?? '']);
  }
  return report;
}

const summary = (report: Map<string, string[]>) =>
  [...report].map(([step, did]) => `${step}: ${did.join(', ')}`).join('; ');

describe.skipIf(postgresStage)('npm start and the server bundle', () => {
  const dirs: string[] = [];
  const running: Group[] = [];
  afterAll(async () => {
    for (const group of running) if (group.running) await group.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a second npm start with nothing changed builds nothing and answers /healthz', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-start-'));
    dirs.push(dataDir);
    const start = async () => {
      const port = await freePort();
      const t0 = performance.now();
      const group = new Group('npm', ['start'], {
        ...BASE_ENV,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      });
      running.push(group);
      // The first start may build the client (about a minute on two busy cores).
      const seconds = await healthy(group, `http://127.0.0.1:${port}`, t0, 600_000);
      await group.stop();
      // Drained and closed its data folder, which the next start opens.
      expect(
        group.lines.some((l) => l.includes('"msg":"stopped"')),
        group.tail(),
      ).toBe(true);
      return { group, seconds };
    };

    const first = await start();
    const built = buildReport(first.group);
    expect([...built.keys()], first.group.tail()).toEqual(['phone-data', 'client', 'server']);
    const outputs = [
      path.join(ROOT, 'client/dist'),
      path.join(ROOT, 'dist/server'),
      path.join(ROOT, 'server/src/detection/generated'),
    ];
    const before = mtimes(outputs);
    expect(
      Object.keys(before).filter((f) => f.startsWith('client/dist/')).length,
      'the client was built',
    ).toBeGreaterThan(0);
    expect(before['dist/server/index.js'], 'the server was bundled').toBeGreaterThan(0);

    const second = await start();
    const report = buildReport(second.group);
    console.log(`npm start: first ${first.seconds.toFixed(1)} s to /healthz (${summary(built)})`);
    console.log(`npm start: second ${second.seconds.toFixed(1)} s to /healthz (${summary(report)})`);
    expect([...report.keys()], second.group.tail()).toEqual(['phone-data', 'client', 'server']);
    for (const [step, did] of report) {
      expect(did, `${step} on the second start`).toHaveLength(1);
      expect(did[0], `${step} on the second start`).toMatch(/^(up to date|skipped, no numbering data)/);
    }
    expect(mtimes(outputs), 'no build output was rewritten by the second start').toEqual(before);
  }, 900_000);

  it('the bundle runs alone: node dist/server/index.js in production answers /healthz and makes a scan on PGlite', async () => {
    // Up to date after the test above, or built now; with a clean environment, as `npm start` has.
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, env: BASE_ENV, encoding: 'utf8' });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);

    // Nothing of the repository but the bundle, the dependencies and the built client.
    const app = mkdtempSync(path.join(os.tmpdir(), 'redflag-bundle-'));
    dirs.push(app);
    cpSync(path.join(ROOT, 'dist/server'), path.join(app, 'dist/server'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir');
    mkdirSync(path.join(app, 'client'));
    symlinkSync(path.join(ROOT, 'client/dist'), path.join(app, 'client/dist'), 'dir');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t0 = performance.now();
    const server = new Group(
      process.execPath,
      ['dist/server/index.js'],
      {
        ...BASE_ENV,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: path.join(app, 'data'),
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
        ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: 'info',
      },
      app,
    );
    running.push(server);
    const seconds = await healthy(server, base, t0, 120_000);
    console.log(`node dist/server/index.js (fresh data folder, production): ${seconds.toFixed(1)} s to /healthz`);

    // The model and its evaluation report, read beside the bundle: the same engine the sources describe.
    const config = (await (await fetch(`${base}/api/config`)).json()) as { engine: unknown };
    expect(config.engine).toEqual(getEngineInfo());
    // The built client and the API reference's browser bundle (found in node_modules from the bundle).
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/api/docs/scalar.js`)).status).toBe(200);

    // A person: sign up, start the trial with the test card, scan a message with a US number.
    const cookies = new Map<string, string>();
    const send = async (target: string, init: { json?: unknown; form?: Record<string, string> } = {}) => {
      const headers = new Headers({ origin: base });
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      let body: string | undefined;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers.set('content-type', 'application/x-www-form-urlencoded');
        body = new URLSearchParams(init.form).toString();
      }
      const res = await fetch(`${base}${target}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body,
        redirect: 'manual',
      });
      for (const cookie of res.headers.getSetCookie()) {
        const pair = cookie.split(';')[0] ?? '';
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return { status: res.status, text: await res.text(), headers: res.headers };
    };
    const signUp = await send('/api/auth/sign-up/email', {
      json: {
        email: `start-${randomBytes(4).toString('hex')}@example.com`,
        password: PASSWORD,
        firstName: 'Start',
        lastName: 'Test',
      },
    });
    expect(signUp.status, signUp.text).toBe(200);
    const checkout = await send('/api/create-checkout-session', { json: {} });
    expect(checkout.status, checkout.text).toBe(200);
    const checkoutPath = new URL((JSON.parse(checkout.text) as { checkout_url: string }).checkout_url).pathname;
    expect((await send(checkoutPath)).status).toBe(200);
    const paid = await send(checkoutPath, { form: CARD });
    expect(paid.status, paid.text).toBe(303);

    const scan = await send('/api/scans', {
      json: {
        message:
          'URGENT: your account is suspended. Verify now at http://secure-login-verify.example.top or call us back.',
        phoneNumber: PHONE,
      },
    });
    expect(scan.status, scan.text).toBe(200);
    const result = JSON.parse(scan.text) as {
      riskScore: number;
      phoneAnalysis?: { isVoip: boolean | null; carrier: string | null } | null;
    };
    expect(result.riskScore).toBeGreaterThan(0);
    // The phone table beside the bundle gives what it gives the sources (nothing when it was not built).
    const nanp = loadNanpData();
    const expected = analyzePhone(PHONE, { nanp }).analysis;
    expect({ isVoip: result.phoneAnalysis?.isVoip, carrier: result.phoneAnalysis?.carrier }).toEqual({
      isVoip: expected.isVoip,
      carrier: expected.carrier,
    });
    if (nanp)
      expect(result.phoneAnalysis?.carrier, 'the generated phone table was found beside the bundle').toMatch(/\S/);

    expect(await server.stop(), server.tail()).toBe(0);
  }, 300_000);
});
