import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('GET /healthz answers 200 while the process is up', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 with the database driver when the database answers', async () => {
    const res = await t.request('/readyz');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database);
  });

  it('GET /readyz answers 503 SERVICE_UNAVAILABLE once the database is gone', async () => {
    const other = await createTestApp();
    await other.ctx.database.close();
    const res = await other.request('/readyz');
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('HTTP basics', () => {
  it('every response carries a request id and a Content-Security-Policy', async () => {
    const res = await t.request('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an unknown /api path answers a JSON 404', async () => {
    const res = await t.request('/api/does-not-exist', { method: 'POST', json: {} });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('a request body over the limit answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.request('/api/anything', {
      method: 'POST',
      headers: { 'content-length': String(t.config.bodyLimitBytes + 1) },
      json: { message: 'x'.repeat(t.config.bodyLimitBytes + 1) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
