import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS } from '../../billing/plan-state.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { billingAccount, billingWebhookEvent, localInvoice } from '../../db/schema/billing.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { scans } from '../../db/schema/scans.ts';
import { FakeStripe, fakeEvent, STRIPE_TEST_WEBHOOK_SECRET } from '../fake-stripe.ts';
import { withDatabase } from '../global-setup.ts';
import { freePort, logEntries, Proc, ROOT, until } from '../processes.ts';

/**
 * RedFlag as it is deployed to scale out (docs/deploy.md), on this machine. Two real
 * server processes (`node --import tsx server/src/index.ts`) on one fresh PostgreSQL database, behind
 * Debian's HAProxy running deploy/haproxy.cfg with only its addresses changed to loopback ports. A person's
 * journey goes through the balancer over HTTP with a cookie jar, and requests land on both instances
 * (HAProxy names the server in X-Served-By; each instance's own access log confirms it by request id).
 * A second stack runs the Stripe provider against the local fake of Stripe, for webhooks delivered to both
 * instances at once. Decision 080.
 *
 * PostgreSQL only: PGlite is one process per data folder, so several instances cannot share it.
 */

const HAPROXY = '/usr/sbin/haproxy';
const SECRET = `scale-out-test-${randomBytes(24).toString('hex')}`;
const PASSWORD = 'Scale-Out-Journey-Passphrase-16';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const MESSAGE = 'Hi, is the bike still for sale? I could pick it up on Saturday afternoon.';
const INSTANCES = ['app1', 'app2'] as const;
type InstanceName = (typeof INSTANCES)[number];

/**
 * deploy/haproxy.cfg for this machine: bound to loopback, servers at the instances' loopback ports instead
 * of Docker's service names (so no Docker resolver), and each answer naming the server that made it. Every
 * other line (round robin, /readyz checks, request ids, forwardfor, /metrics refused) is the deployed one.
 * Each change must apply, or the deployed file changed shape and this test says so.
 */
function haproxyConfigForTest(
  deployed: string,
  listen: number,
  servers: Array<{ name: string; port: number }>,
): string {
  const steps: Array<[string, RegExp, string]> = [
    ['the Docker DNS resolvers section', /^resolvers docker\n(?:[ \t]+\S.*\n)+/m, ''],
    ['the frontend bind line', /^([ \t]+)bind :8080$/m, `$1bind 127.0.0.1:${listen}`],
    ['the resolvers on default-server', /^([ \t]+default-server .*?) resolvers docker init-addr \S+$/m, '$1'],
    [
      'the balance line',
      /^([ \t]+)balance roundrobin$/m,
      '$1balance roundrobin\n$1http-response set-header X-Served-By %s',
    ],
  ];
  let cfg = deployed;
  for (const [what, pattern, replacement] of steps) {
    if (!pattern.test(cfg)) throw new Error(`deploy/haproxy.cfg changed shape: ${what} not found`);
    cfg = cfg.replace(pattern, replacement);
  }
  const serverLine = /^([ \t]+)server \S+ \S+$/gm;
  const indent = serverLine.exec(cfg)?.[1];
  if (indent === undefined) throw new Error('deploy/haproxy.cfg changed shape: no server lines');
  cfg = cfg
    .replace(serverLine, '')
    .replace(/\n{2,}(?=\S|$)/g, '\n\n')
    .trimEnd();
  return `${cfg}\n${servers.map((s) => `${indent}server ${s.name} 127.0.0.1:${s.port}`).join('\n')}\n`;
}

interface Answer {
  status: number;
  servedBy: string;
  reqId: string;
  headers: Headers;
  text: string;
}

/** One person's browser: a cookie jar, and every request tagged with its own id. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly env: Env) {}

  async send(
    target: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      raw?: string;
      headers?: Record<string, string>;
      via?: InstanceName;
    } = {},
  ): Promise<Answer> {
    const base = init.via ? this.env.instanceUrl(init.via) : this.env.balancerUrl;
    const url = target.startsWith('http') ? target : `${base}${target}`;
    const reqId = `scaleout-${randomBytes(8).toString('hex')}`;
    const headers = new Headers(init.headers);
    headers.set('x-request-id', reqId);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body: string | undefined;
    const method = init.method ?? (init.json === undefined && !init.form && init.raw === undefined ? 'GET' : 'POST');
    // A browser names the page's origin on every POST; better-auth refuses one without (outside NODE_ENV=test).
    if (method !== 'GET') headers.set('origin', this.env.balancerUrl);
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    } else if (init.raw !== undefined) {
      body = init.raw;
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eqAt = pair.indexOf('=');
      const name = pair.slice(0, eqAt).trim();
      const value = pair.slice(eqAt + 1).trim();
      if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const answer: Answer = {
      status: res.status,
      servedBy: init.via ?? res.headers.get('x-served-by') ?? '(none)',
      reqId: res.headers.get('x-request-id') ?? '(none)',
      headers: res.headers,
      text: await res.text(),
    };
    expect(answer.reqId, `${target}: the request id reaches the instance and comes back`).toBe(reqId);
    this.env.sent.push({ reqId, servedBy: answer.servedBy, target });
    return answer;
  }
}

interface Env {
  balancerUrl: string;
  instanceUrl(name: InstanceName): string;
  sent: Array<{ reqId: string; servedBy: string; target: string }>;
}

const json = <T>(a: Answer) => JSON.parse(a.text) as T;
const servers = (answers: Answer[]) => [...new Set(answers.map((a) => a.servedBy))].sort();

/**
 * PostgreSQL (a fresh, empty database on the test server), two app processes and HAProxy in front of them.
 * Everything it starts is stopped by pid in stop(), which also drops the database and removes its folders.
 */
class Stack {
  readonly apps = new Map<InstanceName, { proc: Proc; port: number }>();
  readonly env: Env = {
    balancerUrl: '',
    instanceUrl: (name) => `http://127.0.0.1:${this.apps.get(name)?.port ?? 0}`,
    sent: [],
  };
  private readonly dbName = `rf_scale_out_${process.pid}_${randomBytes(4).toString('hex')}`;
  private readonly dirs: string[] = [];
  private haproxy: Proc | undefined;
  private database: Database | undefined;
  private dbCreated = false;

  constructor(
    private readonly adminUrl: string,
    readonly appEnv: Record<string, string>,
  ) {}

  get db() {
    if (!this.database) throw new Error('the stack did not start');
    return this.database.db;
  }

  get haproxyRunning() {
    return this.haproxy?.running ?? false;
  }

  /** Every line HAProxy and the instances have written so far. */
  allLogLines(): string[] {
    return [...(this.haproxy?.lines ?? []), ...[...this.apps.values()].flatMap((a) => a.proc.lines)];
  }

  dump() {
    return [...[...this.apps.values()].map((a) => a.proc.tail()), this.haproxy?.tail() ?? ''].join('\n');
  }

  async start() {
    if (!existsSync(HAPROXY))
      throw new Error(
        `${HAPROXY} is missing: install Debian's haproxy (apt-get install haproxy; npm test does it when run as root)`,
      );
    const dbUrl = withDatabase(this.adminUrl, this.dbName);
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    // Empty: both instances migrate it as they start, at the same time (under the advisory lock).
    await admin.query(`create database ${this.dbName}`);
    this.dbCreated = true;
    await admin.end();

    const balancerPort = await freePort();
    this.env.balancerUrl = `http://127.0.0.1:${balancerPort}`;
    for (const name of INSTANCES) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `redflag-scale-${name}-`));
      this.dirs.push(dataDir);
      const proc = new Proc(name, process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        // Any free port; the instance logs the one it got.
        PORT: '0',
        PUBLIC_URL: this.env.balancerUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        DATABASE_POOL_SIZE: '4',
        BETTER_AUTH_SECRET: SECRET,
        TRUST_PROXY_HEADER: 'X-Forwarded-For',
        TEST_CLOCK: 'true',
        LOG_LEVEL: 'info',
        ...this.appEnv,
      });
      this.apps.set(name, { proc, port: 0 });
    }
    for (const [name, app] of this.apps) {
      app.port = await until(
        `${name} to listen`,
        () => {
          if (!app.proc.running) throw new Error(`${name} exited\n${app.proc.tail()}`);
          const line = logEntries(app.proc).find(
            (e) => typeof e.msg === 'string' && e.msg.startsWith('RedFlag is listening'),
          );
          return typeof line?.port === 'number' ? line.port : undefined;
        },
        45_000,
      );
      await until(`${name} /readyz`, async () =>
        (await fetch(`${this.env.instanceUrl(name)}/readyz`)).status === 200 ? true : undefined,
      );
    }

    const folder = mkdtempSync(path.join(os.tmpdir(), 'redflag-haproxy-'));
    this.dirs.push(folder);
    const cfgFile = path.join(folder, 'haproxy.cfg');
    const deployed = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
    writeFileSync(
      cfgFile,
      haproxyConfigForTest(
        deployed,
        balancerPort,
        [...this.apps].map(([name, app]) => ({ name, port: app.port })),
      ),
    );
    // -db: stay in the foreground (no daemon), so this test owns the process and its pid.
    this.haproxy = new Proc('haproxy', HAPROXY, ['-db', '-f', cfgFile], { PATH: process.env.PATH ?? '/usr/bin:/bin' });
    this.database = await openDatabase({ driver: 'postgres', url: dbUrl, poolSize: 2 });
    // Both instances in rotation before any test runs.
    const probe = new Client(this.env);
    const seen = new Set<string>();
    await until('both instances in rotation', async () => {
      if (!this.haproxyRunning) throw new Error(`HAProxy exited\n${this.haproxy?.tail() ?? ''}`);
      const a = await probe.send('/healthz');
      if (a.status === 200) seen.add(a.servedBy);
      return seen.size === INSTANCES.length ? true : undefined;
    });
  }

  async stop() {
    await this.haproxy?.stop();
    await Promise.all([...this.apps.values()].map((a) => a.proc.stop()));
    await this.database?.close();
    if (this.dbCreated) {
      const admin = new pg.Client({ connectionString: this.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${this.dbName} with (force)`);
      await admin.end();
    }
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }

  /** Each instance's access-log request ids, once every request this stack's clients sent has been logged. */
  async loggedRequestIds(): Promise<Record<InstanceName, Set<string>>> {
    const logged = () =>
      Object.fromEntries(
        [...this.apps].map(([name, app]) => [
          name,
          new Set(
            logEntries(app.proc)
              .filter((e) => e.msg === 'request')
              .map((e) => String(e.reqId)),
          ),
        ]),
      ) as Record<InstanceName, Set<string>>;
    // The access line is written after the answer: wait for the last ones to reach the pipe.
    return until(
      'every access line',
      () => {
        const ids = logged();
        return this.env.sent.every((s) => INSTANCES.some((name) => ids[name].has(s.reqId))) ? ids : undefined;
      },
      10_000,
    );
  }
}

async function signUpAndVerify(stack: Stack, client: Client, address: string) {
  const signUp = await client.send('/api/auth/sign-up/email', {
    json: { email: address, password: PASSWORD, firstName: 'Scale', lastName: 'Out' },
  });
  expect(signUp.status, signUp.text).toBe(200);
  // The dev outbox is a table: whichever instance stored the mail, either one lists it.
  const link = await until('the verification mail', async () => {
    const mails = json<Array<{ to: string; links: string[] }>>(await client.send('/dev/mailbox.json'));
    return mails.find((m) => m.to === address)?.links.find((l) => l.includes('verify-email'));
  });
  expect(new URL(link).origin, 'mailed links point at the balancer (PUBLIC_URL)').toBe(stack.env.balancerUrl);
  const verified = await client.send(link);
  expect(verified.status, verified.text).toBeLessThan(400);
  // The link proves the mailbox, not the sign-up password: the owner chooses it with the token (decision 107).
  const token = new URL(verified.headers.get('location') ?? '/', stack.env.balancerUrl).searchParams.get(
    'password_token',
  );
  const chosen = await client.send('/api/auth/reset-password', { json: { token, newPassword: PASSWORD } });
  expect(chosen.status, chosen.text).toBe(200);
  const signIn = await client.send('/api/auth/sign-in/email', { json: { email: address, password: PASSWORD } });
  expect(signIn.status, signIn.text).toBe(200);
}

async function userId(stack: Stack, address: string) {
  const [row] = await stack.db.select({ id: user.id }).from(user).where(eq(user.email, address));
  if (!row) throw new Error(`no user ${address}`);
  return row.id;
}

const mailsOf = (stack: Stack, address: string, kind: string) =>
  stack.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, address), eq(mailOutbox.kind, kind)));

/** Every request went to the instance HAProxy named, and nowhere else, by the instances' own logs. */
async function expectServedAsNamed(stack: Stack, minimumEach: number) {
  const ids = await stack.loggedRequestIds().catch((err: unknown) => {
    throw new Error(`${String(err)}\n${stack.dump()}`);
  });
  for (const s of stack.env.sent) {
    expect(INSTANCES as readonly string[], `${s.target} answered by ${s.servedBy}`).toContain(s.servedBy);
    for (const name of INSTANCES)
      expect(ids[name].has(s.reqId), `${s.target} in ${name}'s log`).toBe(name === s.servedBy);
  }
  for (const name of INSTANCES)
    expect(stack.env.sent.filter((s) => s.servedBy === name).length, name).toBeGreaterThanOrEqual(minimumEach);
}

/** A GET with exactly this request target (no client-side normalisation), and who answered it. */
function rawGet(base: string, target: string): Promise<{ status: number; servedBy: string | undefined }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: 'GET', path: target }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, servedBy: res.headers['x-served-by'] as string | undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const target = inject('testDatabase');
const adminUrl = target.driver === 'postgres' ? target.url : '';

describe.skipIf(target.driver !== 'postgres')(
  'two app processes behind HAProxy on one PostgreSQL (skipped on PGlite: one process per data folder)',
  () => {
    const stack = new Stack(adminUrl, { BILLING_PROVIDER: 'local' });
    const env = stack.env;

    beforeAll(() => stack.start(), 90_000);
    afterAll(() => stack.stop(), 60_000);

    afterEach((ctx) => {
      // The processes' own words, for a failure in CI.
      if (ctx.task.result?.state === 'fail') process.stderr.write(`${stack.dump()}\n`);
    });

    const person = new Client(env);
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;

    async function startTrial(client: Client) {
      const session = await client.send('/api/create-checkout-session', { json: {} });
      expect(session.status, session.text).toBe(200);
      const checkoutUrl = new URL(json<{ checkout_url: string }>(session).checkout_url);
      expect(checkoutUrl.origin).toBe(env.balancerUrl);
      const page = await client.send(checkoutUrl.pathname);
      expect(page.status).toBe(200);
      const paid = await client.send(checkoutUrl.pathname, { form: CARD });
      expect(paid.status, paid.text).toBe(303);
      expect(paid.headers.get('location')).toMatch(/^\/payment-success/);
    }

    async function invoicesOf(address: string) {
      const [account] = await stack.db
        .select({ subscriptionId: billingAccount.subscriptionId })
        .from(billingAccount)
        .where(eq(billingAccount.userId, await userId(stack, address)));
      return stack.db
        .select()
        .from(localInvoice)
        .where(eq(localInvoice.subscriptionId, account?.subscriptionId ?? ''));
    }

    /** Moves both instances' test clocks at once; each runs the billing jobs as it does (decision 080). */
    async function advanceBothClocks(ms: number) {
      const answers = await Promise.all(
        INSTANCES.map((via) => person.send('/api/test/clock', { json: { advanceMs: ms }, via })),
      );
      for (const a of answers) expect(a.status, a.text).toBe(200);
      const [one, two] = answers.map((a) => new Date(json<{ now: string }>(a).now).getTime());
      expect(Math.abs((one ?? 0) - (two ?? 0)), 'the two instances agree on the time').toBeLessThan(60_000);
    }

    it('HAProxy balances over both instances and refuses /metrics at the edge', async () => {
      const probe = new Client(env);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await probe.send('/healthz'));
      expect(servers(answers)).toEqual([...INSTANCES]);
      // Answered by HAProxy itself (no instance, no request id), so not through the client.
      expect((await fetch(`${env.balancerUrl}/metrics`)).status).toBe(404);
      // Spellings of /metrics that reach the instances unless HAProxy normalises the path first.
      // Sent byte for byte (fetch would resolve the dot segments itself); an answer without X-Served-By is HAProxy's.
      const spellings = [
        '/metrics',
        '/%6detrics',
        '/%6Detrics',
        '/./metrics',
        '/api/../metrics',
        '/%2e/metrics',
        '/api/%2E%2E/metrics',
        '//metrics',
        '/metrics/',
        '/metrics/x',
        '/metrics?x=1',
        '/api/..\\metrics',
        '/.\\metrics',
        '/\\metrics',
      ];
      const reached: string[] = [];
      for (const spelling of spellings) {
        const answer = await rawGet(env.balancerUrl, spelling);
        // 404 for /metrics however spelled, 400 for a path with a dot segment: either way HAProxy's answer.
        if (![400, 404].includes(answer.status) || answer.servedBy)
          reached.push(`${spelling}: ${answer.status} from ${answer.servedBy ?? 'HAProxy'}`);
      }
      expect(reached, 'spellings of /metrics that got past the balancer').toEqual([]);
      // The paths the app serves still go through.
      expect((await rawGet(env.balancerUrl, '/healthz')).servedBy).not.toBe('(none)');
    });

    it('neither HAProxy nor the instances log a share token or an id from a path', async () => {
      const probe = new Client(env);
      const token = randomBytes(32).toString('base64url');
      const id = randomUUID();
      const sent = [
        await probe.send(`/r/${token}`),
        await probe.send(`/api/shared/${token}`),
        await probe.send(`/api/shared/${token}`, { method: 'DELETE' }),
        await probe.send(`/v1/scans/${id}`),
      ];
      const ids = sent.map((a) => a.reqId);
      // Each request's line from HAProxy and from the instance that served it.
      const lines = await until(
        'the log lines of these requests',
        () => {
          const all = stack.allLogLines();
          return ids.every((reqId) => all.filter((l) => l.includes(reqId)).length >= 2) ? all : undefined;
        },
        10_000,
      );
      expect(lines.filter((l) => l.includes(token) || l.includes(id))).toEqual([]);
      const balancerLine = lines.find((l) => l.includes(`id=${ids[0]}`));
      expect(balancerLine).toContain(' GET /r/* ');
    });

    it('signs up, verifies from the dev outbox and signs in through the balancer; the session is valid on both instances', async () => {
      await signUpAndVerify(stack, person, email);
      const reads = [];
      for (let i = 0; i < 4; i++) reads.push(await person.send('/api/auth/user'));
      for (const r of reads) {
        expect(r.status, `${r.servedBy}: ${r.text}`).toBe(200);
        expect(json<{ email: string }>(r).email).toBe(email);
      }
      expect(servers(reads)).toEqual([...INSTANCES]);
    }, 30_000);

    it('the trial quota is shared: of eight scans sent at once five are taken, and a sixth is refused by each instance', async () => {
      await startTrial(person);
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => person.send('/api/scans', { json: { message: MESSAGE } })),
      );
      const taken = burst.filter((a) => a.status === 200);
      const refused = burst.filter((a) => a.status !== 200);
      expect(taken, burst.map((a) => `${a.servedBy} ${a.status} ${a.text.slice(0, 120)}`).join('\n')).toHaveLength(5);
      expect(servers(burst)).toEqual([...INSTANCES]);
      for (const a of refused) {
        expect(a.status).toBe(403);
        expect(json<{ error: { code: string } }>(a).error.code).toBe('SCAN_LIMIT_REACHED');
      }
      // Until each instance has said no itself.
      const refusedBy = new Set(refused.map((a) => a.servedBy));
      for (let i = 0; i < 6 && refusedBy.size < 2; i++) {
        const a = await person.send('/api/scans', { json: { message: MESSAGE } });
        expect(a.status).toBe(403);
        expect(json<{ error: { code: string } }>(a).error.code).toBe('SCAN_LIMIT_REACHED');
        refusedBy.add(a.servedBy);
      }
      expect([...refusedBy].sort()).toEqual([...INSTANCES]);
      expect(
        await stack.db
          .select({ id: scans.id })
          .from(scans)
          .where(eq(scans.userId, await userId(stack, email))),
      ).toHaveLength(5);
    }, 30_000);

    it('rate limits are shared: the sixth contact message in an hour is refused on either instance, a forged X-Forwarded-For too', async () => {
      const visitor = new Client(env);
      const form = { name: 'Scale Out', email: 'visitor@example.com', message: 'Do you offer a family plan?' };
      const accepted = [];
      // Five allowed per address and hour: three of them on one instance and two on the other would each be under it.
      for (let i = 0; i < 5; i++) accepted.push(await visitor.send('/api/contact', { json: form }));
      for (const a of accepted) expect(a.status, a.text).toBe(200);
      expect(servers(accepted)).toEqual([...INSTANCES]);
      const refused = [];
      for (let i = 0; i < 6 && servers(refused).length < 2; i++) {
        refused.push(
          await visitor.send('/api/contact', {
            json: form,
            headers: i % 2 ? { 'x-forwarded-for': `203.0.113.${i}` } : {},
          }),
        );
      }
      for (const a of refused) {
        expect(a.status, a.text).toBe(429);
        expect(json<{ error: { code: string } }>(a).error.code).toBe('RATE_LIMITED');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(servers(refused)).toEqual([...INSTANCES]);
    }, 30_000);

    it('both instances run the billing jobs at the same moments: one trial reminder, one conversion, one charge, one receipt', async () => {
      // Inside the reminder's lead time before the trial's end (TRIAL_WARNING_DAYS): the reminder.
      await advanceBothClocks(5.5 * DAY_MS);
      expect(await mailsOf(stack, email, 'trial_reminder')).toHaveLength(1);
      expect(await invoicesOf(email)).toHaveLength(0);
      // Past the trial's end: each instance's job looks for due subscriptions at once.
      await advanceBothClocks(2 * DAY_MS);
      const invoices = await invoicesOf(email);
      expect(invoices.map((i) => ({ status: i.status, amountCents: i.amountCents }))).toEqual([
        { status: 'paid', amountCents: 999 },
      ]);
      expect(await mailsOf(stack, email, 'receipt')).toHaveLength(1);
      expect(await mailsOf(stack, email, 'trial_reminder')).toHaveLength(1);
      const plans = [];
      for (let i = 0; i < 2; i++) plans.push(await person.send('/api/users/plan'));
      for (const p of plans)
        expect(json<{ planTier: string; subscriptionStatus: string }>(p)).toMatchObject({
          planTier: 'premium',
          subscriptionStatus: 'active',
        });
      expect(servers(plans)).toEqual([...INSTANCES]);
    }, 30_000);

    it('the premium user scans on both instances', async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await person.send('/api/scans', { json: { message: MESSAGE } }));
      for (const a of answers) expect(a.status, a.text).toBe(200);
      expect(servers(answers)).toEqual([...INSTANCES]);
    }, 30_000);

    it('"Activate Premium" sent to both instances at once charges once', async () => {
      const second = new Client(env);
      const address = `scale-click-${randomBytes(4).toString('hex')}@example.com`;
      await signUpAndVerify(stack, second, address);
      await startTrial(second);
      const clicks = await Promise.all(INSTANCES.map((via) => second.send('/api/convert-trial', { json: {}, via })));
      for (const c of clicks) {
        expect(c.status, c.text).toBe(200);
        expect(json<{ success: boolean }>(c).success).toBe(true);
      }
      const invoices = await invoicesOf(address);
      expect(invoices.map((i) => ({ status: i.status, amountCents: i.amountCents }))).toEqual([
        { status: 'paid', amountCents: 999 },
      ]);
      expect(await mailsOf(stack, address, 'receipt')).toHaveLength(1);
    }, 30_000);

    it('every request was served by the instance HAProxy named: each instance logged exactly its own request ids', async () => {
      await expectServedAsNamed(stack, 10);
    }, 30_000);
  },
);

describe.skipIf(target.driver !== 'postgres')(
  'two app processes behind HAProxy with the Stripe provider (a local fake of Stripe): webhooks',
  () => {
    const fake = new FakeStripe();
    const stack = new Stack(adminUrl, {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: 'price_premium_monthly',
      // Filled in when the fake listens (before the instances start).
      STRIPE_API_BASE: '',
    });

    beforeAll(async () => {
      const base = await fake.start();
      stack.appEnv.STRIPE_API_BASE = base;
      await stack.start();
    }, 90_000);
    afterAll(async () => {
      await stack.stop();
      await fake.stop();
    }, 60_000);
    afterEach((ctx) => {
      if (ctx.task.result?.state === 'fail') process.stderr.write(`${stack.dump()}\n`);
    });

    const person = new Client(stack.env);
    const email = `scale-stripe-${randomBytes(4).toString('hex')}@example.com`;
    let subscription = '';
    let customer = '';

    /** One signed event, delivered twice at the same moment through the balancer: once to each instance. */
    async function deliverTwiceAtOnce(event: ReturnType<typeof fakeEvent>) {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET });
      const stripeSide = new Client(stack.env);
      const send = () =>
        stripeSide.send('/api/stripe/webhook', {
          raw: payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        });
      const answers = await Promise.all([send(), send()]);
      for (const a of answers) expect(a.status, a.text).toBe(200);
      expect(servers(answers)).toEqual([...INSTANCES]);
      const stored = await stack.db.select().from(billingWebhookEvent).where(eq(billingWebhookEvent.id, event.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.processedAt).not.toBeNull();
      // A later replay is recognised as one, on either instance.
      const replay = await send();
      expect(json<{ duplicate?: boolean }>(replay)).toMatchObject({ received: true, duplicate: true });
    }

    async function plansOnBoth() {
      const plans = [];
      for (let i = 0; i < 2; i++) plans.push(await person.send('/api/users/plan'));
      expect(servers(plans)).toEqual([...INSTANCES]);
      return plans.map((p) => json<{ planTier: string; subscriptionStatus: string }>(p));
    }

    it('checkout.session.completed delivered to both instances at once starts one trial and sends one mail', async () => {
      await signUpAndVerify(stack, person, email);
      const session = await person.send('/api/create-checkout-session', { json: {} });
      expect(session.status, session.text).toBe(200);
      const sessionId = new URL(json<{ checkout_url: string }>(session).checkout_url).pathname.split('/').pop() ?? '';
      fake.nowS = Math.floor(Date.now() / 1000);
      const sub = fake.completeCheckout(sessionId);
      subscription = sub.id;
      customer = sub.customer;
      await deliverTwiceAtOnce(
        fakeEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session', customer, subscription }),
      );
      for (const plan of await plansOnBoth())
        expect(plan).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing' });
      expect(await mailsOf(stack, email, 'trial_started')).toHaveLength(1);
    }, 30_000);

    it('invoice.paid at the trial end delivered to both instances at once: Premium, one receipt; scans on both instances', async () => {
      fake.nowS = Math.floor(Date.now() / 1000);
      fake.endTrial(subscription);
      const invoice = fake.subscriptions.get(subscription)?.latest_invoice ?? '';
      await deliverTwiceAtOnce(fakeEvent('invoice.paid', { id: invoice, object: 'invoice', customer, subscription }));
      for (const plan of await plansOnBoth())
        expect(plan).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
      expect(await mailsOf(stack, email, 'receipt')).toHaveLength(1);
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push(await person.send('/api/scans', { json: { message: MESSAGE } }));
      for (const a of answers) expect(a.status, a.text).toBe(200);
      expect(servers(answers)).toEqual([...INSTANCES]);
    }, 30_000);

    it('every request was served by the instance HAProxy named', async () => {
      await expectServedAsNamed(stack, 5);
    }, 30_000);
  },
);
