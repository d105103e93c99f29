import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed, refreshFeeds } from '../reputation/feeds.service.ts';
import { warmEngine } from '../scans/engine-warmup.ts';
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

  it('GET /readyz answers 200 ok when the database answers', async () => {
    const res = await t.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', feeds: [] });
  });

  it('GET /readyz answers 503 until the engine has warmed up (model loaded, one analysis run), then 200', async () => {
    const cold = await createTestApp({}, { warm: false });
    try {
      const before = await cold.request('/readyz');
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Starting: the engine is warming up' },
      });
      // /healthz says the process is up all the while.
      expect((await cold.request('/healthz')).status).toBe(200);

      const warm = await warmEngine(cold.ctx);
      expect(warm.analyses).toBeGreaterThan(0);
      const after = await cold.request('/readyz');
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: 'ok', feeds: [] });
    } finally {
      await cold.close();
    }
  });

  it("GET /readyz tells anyone the lists' ages and why a refresh failed, never a list's name, SQL or error text", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const server = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('https://refresh-target.example/login\nhttps://refresh-target.example/pay\n'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.txt`;
    const other = await createTestApp(
      { FEEDS: `operator-secret-list=openphish:${url}`, METRICS_TOKEN: 'metrics-token-0123456789', LOG_LEVEL: 'warn' },
      { logDestination: sink },
    );
    try {
      await importFeed(
        other.ctx,
        { name: 'private-import', format: 'domains', sourceUrl: null },
        'private-import-site.example\n',
      );
      // Storing the copy fails: the error names the table and carries the statement.
      await other.ctx.database.db.execute(sql`alter table reputation_feed_entry rename to reputation_feed_entry_away`);
      expect(await refreshFeeds(other.ctx)).toEqual([
        { name: 'operator-secret-list', status: 'failed', reason: 'load', error: expect.any(String) },
      ]);

      const res = await other.request('/readyz');
      expect(res.status).toBe(200);
      const text = await res.text();
      // Name order: operator-secret-list (never loaded), private-import (just loaded).
      expect(JSON.parse(text)).toEqual({
        status: 'ok',
        feeds: [
          { ageSeconds: null, stale: true, lastFailure: 'load' },
          { ageSeconds: expect.any(Number), stale: false, lastFailure: null },
        ],
      });
      for (const secret of ['operator-secret-list', 'private-import', 'reputation_feed_entry', 'insert', 'relation'])
        expect(text).not.toContain(secret);

      // Names and the error are for the operator: the log and /metrics behind its token.
      const metrics = await (
        await other.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } })
      ).text();
      expect(metrics).toContain('redflag_feed_failure{feed="operator-secret-list",reason="load"} 1');
      const log = lines.join('');
      expect(log).toContain('operator-secret-list');
      expect(log).toContain('reputation_feed_entry');
      expect(log).not.toContain('refresh-target.example');
    } finally {
      await other.close();
      await new Promise((resolve) => server.close(resolve));
    }
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
    // raw HTTP: an unknown path, which no route names
    const res = await t.request('/api/does-not-exist', { method: 'POST', json: {} });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('a request body over the limit answers 413 PAYLOAD_TOO_LARGE', async () => {
    // raw HTTP: an oversize body and its Content-Length, refused before any route
    const res = await t.request('/api/anything', {
      method: 'POST',
      headers: { 'content-length': String(t.config.bodyLimitBytes + 1) },
      json: { message: 'x'.repeat(t.config.bodyLimitBytes + 1) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
