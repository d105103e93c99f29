import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { serveOnLoopback, type Served } from '../test/security/http.ts';
import { BILLING_FORM_LIMIT_BYTES } from './body-limit.ts';

/**
 * In production with Stripe, three 200 MB POSTs to /billing/x took the process from 973 MB to
 * 1.86 GB, because the unstorable-text check read the whole body before any size check. Every route that reads
 * a body now has a limit in front of it: 2 MB sent to the billing pages, the Stripe webhook, the JSON API and
 * a path that does not exist is refused 413 PAYLOAD_TOO_LARGE, the app reads at most the limit of it, and over
 * a real socket the answer comes while the client is still holding the rest of the body back.
 */

const MB2 = 2 * 1024 * 1024;
const CHUNK = 16 * 1024;

/** A body of `total` bytes made on demand, counting how much of it the app pulled. */
function countingBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const n = Math.min(CHUNK, total - pulled);
        pulled += n;
        controller.enqueue(new Uint8Array(n).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function sendStreamed(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const body = countingBody(MB2);
  const started = performance.now();
  const res = await t.app.request(`http://localhost:5000${path}`, {
    method: 'POST',
    headers,
    body: body.stream,
    duplex: 'half',
  } as RequestInit);
  return { res, pulled: body.pulled(), ms: performance.now() - started };
}

async function sendDeclared(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const body = countingBody(MB2);
  const res = await t.app.request(`http://localhost:5000${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(MB2) },
    body: body.stream,
    duplex: 'half',
  } as RequestInit);
  return { res, pulled: body.pulled() };
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

let local: TestApp;
let stripe: TestApp;
beforeAll(async () => {
  local = await createTestApp();
  // Production's shape: Stripe is the provider, so the test pages are not mounted at all.
  stripe = await createTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    STRIPE_PRICE_ID: 'price_unused',
  });
});
afterAll(async () => {
  await local.close();
  await stripe.close();
});

const cases: Array<{
  name: string;
  app: () => TestApp;
  path: string;
  headers: Record<string, string>;
  limit: () => number;
}> = [
  {
    name: 'Stripe: /billing/x (a 404)',
    app: () => stripe,
    path: '/billing/x',
    headers: FORM_TYPE,
    limit: () => BILLING_FORM_LIMIT_BYTES,
  },
  {
    name: 'Stripe: /billing/x as JSON',
    app: () => stripe,
    path: '/billing/x',
    headers: JSON_TYPE,
    limit: () => BILLING_FORM_LIMIT_BYTES,
  },
  {
    name: 'Stripe: the webhook',
    app: () => stripe,
    path: '/api/stripe/webhook',
    headers: { ...JSON_TYPE, 'stripe-signature': 't=1,v1=00' },
    limit: () => stripe.config.bodyLimitBytes,
  },
  {
    name: 'test provider: /billing/x',
    app: () => local,
    path: '/billing/x',
    headers: FORM_TYPE,
    limit: () => BILLING_FORM_LIMIT_BYTES,
  },
  {
    name: 'test provider: the checkout form',
    app: () => local,
    path: '/billing/test-checkout/cs_unknown',
    headers: FORM_TYPE,
    limit: () => BILLING_FORM_LIMIT_BYTES,
  },
  {
    name: 'the JSON API',
    app: () => local,
    path: '/api/contact',
    headers: JSON_TYPE,
    limit: () => local.config.bodyLimitBytes,
  },
  {
    name: 'the public API',
    app: () => local,
    path: '/v1/scans',
    headers: JSON_TYPE,
    limit: () => local.config.bodyLimitBytes,
  },
  {
    name: 'a page that does not exist',
    app: () => local,
    path: '/no/such/page',
    headers: FORM_TYPE,
    limit: () => local.config.bodyLimitBytes,
  },
];

describe('a 2 MB body is refused before anything reads it', () => {
  it.each(cases)(
    '$name: streamed, 413 PAYLOAD_TOO_LARGE after reading at most the limit',
    async ({ app, path, headers, limit }) => {
      const { res, pulled, ms } = await sendStreamed(app(), path, headers);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(pulled).toBeLessThanOrEqual(limit() + CHUNK);
      expect(ms).toBeLessThan(2000);
    },
  );

  it.each(cases)(
    '$name: with a declared Content-Length, 413 without reading a byte',
    async ({ app, path, headers }) => {
      const { res, pulled } = await sendDeclared(app(), path, headers);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(pulled).toBe(0);
    },
  );
});

describe('over a real socket, the answer does not wait for the body', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serveOnLoopback(stripe);
  });
  afterAll(async () => {
    await s.close();
  });

  /** Sends the headers and `sent` bytes of a body that claims to be longer, then waits for an answer. */
  function holdBack(path: string, framing: 'length' | 'chunked', sent: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(s.port, '127.0.0.1');
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(answer || 'no answer within 3 s');
      }, 3000);
      socket.on('data', (d: Buffer) => {
        answer += d.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(answer);
        }
      });
      socket.on('error', reject);
      socket.once('connect', () => {
        const head = [
          `POST ${path} HTTP/1.1`,
          'Host: localhost:5000',
          'Content-Type: application/x-www-form-urlencoded',
        ];
        head.push(framing === 'length' ? `Content-Length: ${MB2}` : 'Transfer-Encoding: chunked');
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        const part = 'a'.repeat(sent);
        socket.write(framing === 'length' ? part : `${sent.toString(16)}\r\n${part}\r\n`);
      });
    });
  }

  it.each([
    ['/billing/x', 'length', 0],
    ['/billing/x', 'chunked', BILLING_FORM_LIMIT_BYTES + 1024],
    ['/api/stripe/webhook', 'length', 0],
    ['/api/stripe/webhook', 'chunked', 100 * 1024 + 1024],
  ] as const)('%s (%s): 413 while the client still holds most of 2 MB back', async (path, framing, sent) => {
    const answer = await holdBack(path, framing, sent);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
