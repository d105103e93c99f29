import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { requestFrom } from '../security/http.ts';
import { createPremiumUser, type TestUser } from '../users.ts';

/**
 * GET /metrics (decision 070): Prometheus text that a scraper can parse, figures that
 * move with the traffic, nothing a user typed or any id in it, and the access rules.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

// The text exposition format 0.0.4: https://prometheus.io/docs/instrumenting/exposition_formats/
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|[+-]?Inf|NaN)$/i;

function parse(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] ?? '', type[2] ?? '');
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const value = m[3] ?? '';
    if (!VALUE.test(value)) throw new Error(`not a Prometheus value: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1] ?? ''] = l[2] ?? '';
    samples.push({
      name: m[1] ?? '',
      labels,
      value: Number(value.replace(/^\+?Inf$/i, 'Infinity').replace(/^-Inf$/i, '-Infinity')),
    });
  }
  return { types, samples };
}

function value(e: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

const SCAM =
  'URGENT: your bank account is suspended. Verify now at http://secure-bank-verify.example.xyz/login or it will be closed today';
const marker = () => `zqmark${randomBytes(6).toString('hex')}`;

let t: TestApp;
let u: TestUser;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;

async function scrape(): Promise<Exposition> {
  const res = await t.request('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'off' });
  u = await createPremiumUser(t);
  call = apiClient(t);
});

afterAll(async () => {
  await t.close();
});

describe('GET /metrics', () => {
  it('answers Prometheus text that parses, every sample typed and every histogram whole', async () => {
    await t.request('/healthz');
    const e = await scrape();
    for (const s of e.samples) {
      const family = s.name.replace(/_(bucket|sum|count)$/, '');
      expect(['counter', 'gauge', 'histogram'], s.name).toContain(e.types.get(s.name) ?? e.types.get(family));
    }
    expect(e.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(e.types.get('redflag_engine_duration_seconds')).toBe('histogram');
    expect(e.types.get('redflag_scans_total')).toBe('counter');
    expect(e.types.get('redflag_db_statements_total')).toBe('counter');
    const health = { method: 'GET', route: '/healthz', status_class: '2xx' };
    expect(value(e, 'http_requests_total', health)).toBeGreaterThanOrEqual(1);
    expect(value(e, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      value(e, 'http_request_duration_seconds_count', health),
    );
    if (t.ctx.database.driver === 'postgres')
      expect(e.samples.some((s) => s.name === 'redflag_db_pool_connections' && s.labels.state === 'in_use')).toBe(true);
  });

  it('counts a scan by its verdict, its engine time, its request by route and its database statements', async () => {
    const before = await scrape();
    const res = await call('createScan', { headers: u.headers, body: { message: SCAM } });
    expect(res.status).toBe(200);
    expect(res.ok && res.data.riskScore).toBeGreaterThanOrEqual(70);
    const after = await scrape();

    expect(
      value(after, 'redflag_scans_total', { verdict: 'scam' }) -
        value(before, 'redflag_scans_total', { verdict: 'scam' }),
    ).toBe(1);
    expect(value(after, 'redflag_scans_total', { verdict: 'legitimate' })).toBe(
      value(before, 'redflag_scans_total', { verdict: 'legitimate' }),
    );
    expect(
      value(after, 'redflag_engine_duration_seconds_count') - value(before, 'redflag_engine_duration_seconds_count'),
    ).toBe(1);
    expect(value(after, 'redflag_engine_duration_seconds_sum')).toBeGreaterThan(
      value(before, 'redflag_engine_duration_seconds_sum'),
    );
    const route = { method: 'POST', route: '/api/scans', status_class: '2xx' };
    expect(value(after, 'http_requests_total', route) - value(before, 'http_requests_total', route)).toBe(1);
    expect(
      value(after, 'http_request_duration_seconds_count', route) -
        value(before, 'http_request_duration_seconds_count', route),
    ).toBe(1);
    expect(value(after, 'redflag_db_statements_total')).toBeGreaterThan(value(before, 'redflag_db_statements_total'));
  });

  it('holds no text a user sent and no id: paths are route patterns, unknown paths one label', async () => {
    const word = marker();
    const res = await call('createScan', { headers: u.headers, body: { message: `${SCAM} ${word}` } });
    expect(res.status).toBe(200);
    if (!res.ok) throw new Error(`scan refused: ${res.error.code}`);
    const { id } = res.data;
    await call('getScan', { params: { id }, headers: u.headers });
    await call('listScans', { query: { q: word }, headers: u.headers });
    // raw HTTP: an unknown path, which no route names
    await t.request(`/api/${word}`, { headers: u.headers });
    await t.request(`/${word}/${u.user.email}`);
    await call('deleteScan', { params: { id: word }, headers: u.headers });

    await t.request('/metrics', { method: word.toUpperCase() });

    const text = await (await t.request('/metrics')).text();
    for (const secret of [word, word.toUpperCase(), id, u.user.id, u.user.email, u.token])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    const e = parse(text);
    const routes = new Set(e.samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    expect(routes).toContain('/api/scans/:id');
    for (const r of routes) expect(r).toMatch(/^(\/[\w.-]*|\/:\w+|\/\*|\*|unmatched)*$/);
    const methods = new Set(e.samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.method));
    expect(
      [...methods].every((m) =>
        ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'].includes(m ?? ''),
      ),
    ).toBe(true);
  });
});

describe('who may read /metrics', () => {
  it('outside production: clients on this machine under a local name, nobody else (404)', async () => {
    expect((await requestFrom(t, '127.0.0.1', '/metrics')).status).toBe(200);
    expect((await requestFrom(t, '::1', '/metrics')).status).toBe(200);
    expect((await requestFrom(t, '203.0.113.7', '/metrics')).status).toBe(404);
    // A page on a rebound name reaches us from the developer's own browser: loopback, but not a local Host.
    expect((await requestFrom(t, '127.0.0.1', '/metrics', { headers: { host: 'evil.example' } })).status).toBe(404);
  });

  it('with METRICS_TOKEN: the bearer token from anywhere, 401 for a wrong or missing one', async () => {
    const token = `tok-${randomBytes(16).toString('hex')}`;
    const d = await createTestApp({ METRICS_TOKEN: token });
    try {
      const remote = (init: RequestInit = {}) => requestFrom(d, '203.0.113.7', '/metrics', init);
      expect((await remote({ headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const missing = await remote();
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await remote({ headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
      expect(
        (await remote({ headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` } })).status,
      ).toBe(401);
      expect((await requestFrom(d, '127.0.0.1', '/metrics')).status).toBe(200);
    } finally {
      await d.close();
    }
  });

  const production = {
    NODE_ENV: 'production',
    TEST_CLOCK: 'false',
    BETTER_AUTH_SECRET: 'metrics-test-secret-0123456789abcdef0123',
    ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
    ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
  };

  it('in production without METRICS_TOKEN: does not exist, not even for loopback', async () => {
    const p = await createTestApp(production);
    try {
      expect((await requestFrom(p, '127.0.0.1', '/metrics')).status).toBe(404);
      expect(
        (
          await requestFrom(p, '127.0.0.1', '/metrics', {
            headers: { authorization: 'Bearer anything-at-all-0123456789' },
          })
        ).status,
      ).toBe(404);
    } finally {
      await p.close();
    }
  });

  it('in production with METRICS_TOKEN: only with the token, loopback included', async () => {
    const token = `tok-${randomBytes(16).toString('hex')}`;
    const p = await createTestApp({ ...production, METRICS_TOKEN: token });
    try {
      expect((await requestFrom(p, '127.0.0.1', '/metrics')).status).toBe(401);
      const ok = await requestFrom(p, '198.51.100.4', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(parse(await ok.text()).samples.length).toBeGreaterThan(0);
    } finally {
      await p.close();
    }
  });
});
