import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../../db/schema/auth.ts';
import { billingAccount } from '../../db/schema/billing.ts';
import { scans } from '../../db/schema/scans.ts';
import { bodyLimitFor } from '../../http/body-limit.ts';
import { apiClient, okData, v1Client } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createPremiumUser, type TestUser } from '../users.ts';
import { repeatTo } from '../pathological.ts';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';

/**
 * A bounded, seeded fuzz over the write routes that server/src/http/unstorable-text.test.ts
 * does not reach (that one covers scans, contact, update-user, sign-up and events and checks what they store).
 * Here: the auth flows (sign-in, magic link, resend, change-password, change-email), the history (search
 * queries, delete by id), account deletion and the billing calls, with odd text, wrong types, raw bodies that
 * are not JSON and ids that belong to someone else. Two promises are checked: no answer is a 5xx, and the
 * data of an owner who never sent anything (profile, password, scans, plan) comes out byte for byte unchanged.
 */

const SEED = 20261123;

let t: TestApp;
let owner: TestUser;
let fuzzer: TestUser;
const ownerScanIds: string[] = [];

async function snapshotOwner() {
  const db = t.ctx.database.db;
  const [profile] = await db.select().from(user).where(eq(user.id, owner.user.id));
  const credentials = await db
    .select({ password: account.password, providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, owner.user.id));
  const ownScans = await db.select().from(scans).where(eq(scans.userId, owner.user.id)).orderBy(scans.id);
  const [plan] = await db.select().from(billingAccount).where(eq(billingAccount.userId, owner.user.id));
  return JSON.stringify({ profile, credentials, ownScans, plan });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPremiumUser(t, { email: 'owner-fuzz@example.com' });
  fuzzer = await createPremiumUser(t, { email: 'fuzzer@example.com' });
  for (const message of [
    'Your parcel is held, pay the fee at http://parcel-fee.test',
    'Happy birthday! Dinner on Sunday?',
    'Is the bike still for sale?',
  ]) {
    const res = await apiClient(t)('createScan', { body: { message }, headers: owner.headers });
    ownerScanIds.push(okData(res, 200).id);
  }
  for (let i = 0; i < 3; i++) {
    const res = await apiClient(t)('createScan', {
      body: { message: `A message of my own, number ${i}` },
      headers: fuzzer.headers,
    });
    expect(res.status).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

/** Sends, and on 429 moves the clock past the window and tries again, so every body reaches the route. */
async function send(
  path: string,
  init: { method: string; headers?: Record<string, string>; json?: unknown; raw?: string },
): Promise<Response> {
  for (;;) {
    const headers = { ...(init.headers ?? {}) };
    const res =
      init.raw !== undefined
        ? await t.request(path, {
            method: init.method,
            headers: { ...headers, 'content-type': 'application/json' },
            body: init.raw,
          })
        : await t.request(path, {
            method: init.method,
            headers,
            ...(init.json !== undefined ? { json: init.json } : {}),
          });
    if (res.status !== 429) return res;
    const body = (await res.json()) as { error: { retryAfterSeconds?: number } };
    t.ctx.clock.advance(((body.error.retryAfterSeconds ?? 3600) + 1) * 1000);
  }
}

const PIECES = [
  '\u0000',
  '\uD83D',
  '\uDE00',
  '😀',
  'é',
  'ß',
  'ไทย',
  '\u200B',
  '\uFEFF',
  '\n',
  ' ',
  '"',
  '\\',
  "'",
  '<b>',
  '%00',
  '../',
  '%2F',
  'a',
  '1',
  '@',
  '.com',
  'http://x.test/',
  'owner-fuzz@example.com',
  '${x}',
  '{{x}}',
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((a) => a.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 2000 }) },
);
const value = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant({ a: '\u0000' }),
      fc.array(text, { maxLength: 3 }),
      fc.constant(JSON.parse('{"__proto__":{"admin":true}}') as unknown),
    ),
  },
);
const email = fc.oneof(
  value,
  text.map((s) => `${s.replace(/[\s@]/g, '')}x@example.com`),
);
const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"x"',
    '{"a":',
    '{"__proto__":{"x":1}}',
    '1e999999',
    `{${'"a":{'.repeat(2000)}`,
    '\u0000',
    '{"email":"\uD800"}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
/** Ids: garbage, path tricks, and the owner's real ones (which the fuzzer must never reach). */
const scanId = fc.oneof(
  text,
  fc.constantFrom(...['x', '0', '-1', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fadmin', '%00'].map(String)),
  fc.constant('OWNER'),
);
const query = fc.record(
  {
    search: value,
    verdict: value,
    type: value,
    page: fc.oneof(value, fc.integer()),
    pageSize: fc.oneof(value, fc.integer()),
    limit: fc.oneof(value, fc.integer()),
  },
  { requiredKeys: [] },
);

/** A path segment for any string; a lone surrogate (no UTF-8 form) goes as the bytes of one, which is not valid UTF-8. */
function pathSegment(id: string): string {
  try {
    return encodeURIComponent(id);
  } catch {
    return `${encodeURIComponent(id.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

function qs(params: Record<string, unknown>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) u.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return u.toString();
}

describe('a seeded fuzz over the auth, history, account and billing write routes', () => {
  it('about 1,700 requests: no 5xx, and the owner’s profile, password, scans and plan are untouched', async () => {
    const before = await snapshotOwner();
    const signed = fuzzer.headers;
    const bodies = <T>(arb: fc.Arbitrary<T>, seed: number, n: number) => fc.sample(arb, { seed, numRuns: n });

    const cases: Array<{ name: string; requests: Array<() => Promise<Response>>; describe?: string[] }> = [
      {
        name: 'sign-in',
        requests: bodies(fc.record({ email, password: value, rememberMe: value }, { requiredKeys: [] }), SEED, 200).map(
          (b) => () => send('/api/auth/sign-in/email', { method: 'POST', json: b }),
        ),
      },
      {
        name: 'magic-link',
        requests: bodies(
          fc.record({ email, callbackURL: value, errorCallbackURL: value }, { requiredKeys: [] }),
          SEED + 1,
          150,
        ).map((b) => () => send('/api/auth/sign-in/magic-link', { method: 'POST', json: b })),
      },
      {
        name: 'resend verification',
        requests: bodies(fc.record({ email, callbackURL: value }, { requiredKeys: [] }), SEED + 2, 120).map(
          (b) => () => send('/api/auth/send-verification-email', { method: 'POST', json: b }),
        ),
      },
      {
        name: 'change-password',
        requests: bodies(
          fc.record({ currentPassword: value, newPassword: value, revokeOtherSessions: value }, { requiredKeys: [] }),
          SEED + 3,
          150,
        ).map((b) => () => send('/api/auth/change-password', { method: 'POST', headers: signed, json: b })),
      },
      {
        name: 'change-email',
        requests: bodies(fc.record({ newEmail: email, callbackURL: value }, { requiredKeys: [] }), SEED + 4, 120).map(
          (b) => () => send('/api/auth/change-email', { method: 'POST', headers: signed, json: b }),
        ),
      },
      {
        name: 'history search',
        requests: bodies(query, SEED + 5, 250).map(
          (q) => () => send(`/api/scans?${qs(q)}`, { method: 'GET', headers: signed }),
        ),
      },
      {
        name: 'delete a scan by id',
        requests: bodies(scanId, SEED + 6, 200).map((id, i) => () => {
          const target = id === 'OWNER' ? ownerScanIds[i % ownerScanIds.length]! : pathSegment(id);
          return send(`/api/scans/${target}`, { method: i % 2 ? 'DELETE' : 'GET', headers: signed });
        }),
      },
      {
        name: 'account deletion (never the right address)',
        requests: bodies(
          fc.record({ confirmEmail: fc.oneof(value, fc.constant('owner-fuzz@example.com')) }, { requiredKeys: [] }),
          SEED + 7,
          120,
        ).map((b) => () => send('/api/account/delete', { method: 'POST', headers: signed, json: b })),
      },
      {
        name: 'billing calls',
        requests: bodies(
          fc.tuple(
            fc.constantFrom(
              '/api/billing/cancel',
              '/api/create-checkout-session',
              '/api/billing/portal',
              '/api/convert-trial',
            ),
            fc.record({ priceId: value, returnUrl: value, successUrl: value, customerId: value }, { requiredKeys: [] }),
          ),
          SEED + 8,
          160,
        ).map(
          ([path, b]) =>
            () =>
              send(path, { method: 'POST', headers: signed, json: b }),
        ),
      },
      {
        name: 'raw bodies that are not JSON',
        requests: bodies(
          fc.tuple(
            fc.constantFrom(
              '/api/scans',
              '/api/contact',
              '/api/events',
              '/api/account/delete',
              '/api/auth/sign-in/email',
              '/api/auth/change-password',
              '/api/auth/update-user',
            ),
            rawBodies,
          ),
          SEED + 9,
          250,
        ).map(
          ([path, raw]) =>
            () =>
              send(path, { method: 'POST', headers: signed, raw }),
        ),
        describe: bodies(
          fc.tuple(
            fc.constantFrom(
              '/api/scans',
              '/api/contact',
              '/api/events',
              '/api/account/delete',
              '/api/auth/sign-in/email',
              '/api/auth/change-password',
              '/api/auth/update-user',
            ),
            rawBodies,
          ),
          SEED + 9,
          250,
        ).map(([path, raw]) => `${path} ${JSON.stringify(raw).slice(0, 80)}`),
      },
    ];

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    for (const c of cases) {
      for (const [i, request] of c.requests.entries()) {
        const res = await request();
        total++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(
            `${c.name} #${i}: ${res.status} ${(await res.clone().text()).slice(0, 200)} ${c.describe?.[i] ?? ''}`,
          );
        await res.body?.cancel();
      }
    }

    expect(failures.slice(0, 20)).toEqual([]);
    expect(total).toBeGreaterThan(1600);
    // The fuzz reached the routes' checks rather than bouncing off authentication.
    expect((statuses.get(400) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(500);
    expect(await snapshotOwner()).toBe(before);
    // The owner's scans are all still there and still theirs.
    const stillThere = await t.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scans)
      .where(eq(scans.userId, owner.user.id));
    expect(stillThere[0]?.n).toBe(ownerScanIds.length);
  }, 180_000);
});

/**
 * /billing/* read whole bodies before any size check. Every path the app has registered (each
 * route and middleware, its parameters and wildcards filled with fuzzed segments, so paths no route knows are
 * in it too), with every body-carrying method, gets a body over its limit: streamed in chunks of random sizes,
 * or with a Content-Length that says so, under a random Content-Type, signed in or not. Each must be refused
 * 413 PAYLOAD_TOO_LARGE having read at most the limit (nothing at all when the length was declared). A route
 * added later without a limit in front of it, or a middleware moved before the limit, fails here.
 */
describe('oversized and streamed bodies on every registered path', () => {
  const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const segment = fc.oneof(
    fc.constantFrom('x', 'cs_unknown', '00000000-0000-0000-0000-000000000000', 'a'.repeat(43), '..', '%2e%2e', 'card'),
    fc.string({ minLength: 1, maxLength: 12 }).map(pathSegment),
  );
  const shape = fc.record({
    method: fc.constantFrom(...BODY_METHODS),
    params: fc.array(segment, { minLength: 4, maxLength: 4 }),
    over: fc.integer({ min: 1, max: 200 * 1024 }),
    chunk: fc.integer({ min: 1, max: 64 * 1024 }),
    declared: fc.boolean(),
    type: fc.constantFrom<string | null>(
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      null,
    ),
    signedIn: fc.boolean(),
  });

  /** The route's path with each `:param` and `*` replaced by a fuzzed segment. */
  function fill(pattern: string, params: string[]): string {
    let i = 0;
    const path = pattern
      .split('/')
      .map((part) => (part.startsWith(':') || part === '*' ? params[i++ % params.length] : part))
      .join('/');
    return path.startsWith('/') ? path : `/${path}`;
  }

  /** A body of `total` bytes in `chunk`-sized pieces, made as the app pulls it. */
  function countingBody(total: number, chunk: number) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          const n = Math.min(chunk, total - pulled);
          pulled += n;
          controller.enqueue(new Uint8Array(n).fill(0x7b));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  it('each path and body method: 413 PAYLOAD_TOO_LARGE, read no further than the limit', async () => {
    const targets = new Map<string, Set<string>>();
    for (const r of t.app.routes) {
      const methods = targets.get(r.path) ?? new Set<string>();
      for (const m of BODY_METHODS)
        if (r.method === 'ALL' || r.method === m || !BODY_METHODS.includes(r.method as never)) methods.add(m);
      targets.set(r.path, methods);
    }
    expect(targets.size).toBeGreaterThan(60);

    const failures: string[] = [];
    let n = 0;
    for (const [pattern, methods] of targets) {
      for (const method of methods) {
        for (const sample of fc.sample(shape, { seed: SEED + 100 + n, numRuns: 1 })) {
          n++;
          const path = fill(pattern, sample.params);
          const limit = bodyLimitFor(new URL(path, 'http://localhost').pathname, t.config);
          const total = limit + sample.over;
          const body = countingBody(total, sample.chunk);
          const headers: Record<string, string> = { ...(sample.signedIn ? fuzzer.headers : {}) };
          if (sample.type) headers['content-type'] = sample.type;
          if (sample.declared) headers['content-length'] = String(total);
          const res = await t.app.request(`http://localhost:5000${path}`, {
            method,
            headers,
            body: body.stream,
            duplex: 'half',
          } as RequestInit);
          const code =
            res.status === 413
              ? ((await res.json()) as { error?: { code?: string } }).error?.code
              : (await res.body?.cancel(), undefined);
          const most = sample.declared ? 0 : limit + sample.chunk;
          const what = `${method} ${path} (${pattern}) ${total} bytes ${sample.declared ? 'declared' : `in ${sample.chunk}-byte chunks`}`;
          if (res.status !== 413 || code !== 'PAYLOAD_TOO_LARGE') failures.push(`${what}: ${res.status} ${code ?? ''}`);
          else if (body.pulled() > most)
            failures.push(`${what}: read ${body.pulled()} bytes before refusing (at most ${most})`);
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(n).toBeGreaterThan(150);
  }, 120_000);
});

describe('messages built to make the engine slow, over the scan routes', () => {
  // The hardening round's row 1: a unit of one to four characters that some step treats specially,
  // repeated to the longest message accepted. Seeded, so a failure names an input that can be rebuilt.
  const SPECIAL = [
    'a',
    '1',
    '0',
    '@',
    '€',
    '$',
    '!',
    '|',
    '.',
    '-',
    '*',
    '#',
    '/',
    ':',
    '%',
    ' ',
    '\n',
    'é',
    'а',
    'x',
    '😀',
    '(',
    '+',
  ];
  it('answer 200 in bounded time, on /api/scans and /v1/scans', async () => {
    const app = await createTestApp({ RATE_LIMITS: 'off' });
    try {
      const u = await createPremiumUser(app, { email: 'slow-engine-fuzz@example.com' });
      const { key } = okData(await apiClient(app)('createApiKey', { body: { name: 'fuzz' }, headers: u.headers }), 201);
      const units = fc.sample(
        fc
          .array(fc.constantFrom(...SPECIAL), { minLength: 1, maxLength: 4 })
          .map((a) => a.join(''))
          .filter((u) => u.trim() !== ''),
        { seed: SEED + 7, numRuns: 24 },
      );
      for (const [i, unit] of units.entries()) {
        const message = repeatTo(unit, MAX_MESSAGE_LENGTH);
        const started = performance.now();
        const res =
          i % 2
            ? await apiClient(app)('createScan', { body: { message }, headers: u.headers })
            : await v1Client(app, { key })('createScan', { body: { message } });
        const ms = performance.now() - started;
        expect([200, 201], `unit ${JSON.stringify(unit)}`).toContain(res.status);
        // 50 ms is the engine's target on a quiet machine (bench:engine --worst); a whole request on a busy
        // test machine gets ten times that. Before the fix the worst of these took seconds.
        expect(ms, `unit ${JSON.stringify(unit)}`).toBeLessThan(500);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('invalid API keys from one address', () => {
  // The hardening round's row 8: keys of every shape that is not a live key. Past the per-address limit
  // the answer is 429 and costs no database statement.
  it('never a 5xx; 401 until the limit, then 429 with no statement sent', async () => {
    const app = await createTestApp();
    try {
      const keys = fc.sample(
        fc.oneof(
          fc.string({ maxLength: 80 }).map((s) => `Bearer ${s}`),
          fc
            .array(fc.constantFrom(...'ABCXYZabcxyz0189-_'), { minLength: 43, maxLength: 43 })
            .map((a) => `Bearer rf_live_${a.join('')}`),
          fc.string({ maxLength: 40 }),
          fc.constant(''),
        ),
        { seed: SEED + 8, numRuns: 60 },
      );
      let refused = 0;
      for (const authorization of keys) {
        const before = app.ctx.database.stats.statements;
        const res = await v1Client(app)('createScan', {
          body: { message: 'hello' },
          headers: authorization ? { authorization } : {},
        });
        expect(res.status).toBeLessThan(500);
        expect([401, 429]).toContain(res.status);
        if (res.status === 429) {
          refused++;
          if (refused > 1) expect(app.ctx.database.stats.statements - before).toBe(0);
        }
      }
      expect(refused).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
