import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { freePort, rawRequest, startServer, type RunningServer } from './http.ts';

/**
 * Opening the app at http://127.0.0.1:5000 (as many people type it) while it calls itself
 * http://localhost:5000 made sign-up and sign-in fail with "Invalid origin". Outside production both names
 * of a local PUBLIC_URL, on the same port, are trusted: by better-auth and by the app's own origin check.
 */

const SIGN_UP = (email: string) => JSON.stringify({ email, password: 'Sturdy-Test-Passphrase-42', firstName: 'Ada' });
// What Chromium sends with the client's fetch to its own origin.
const browser = (origin: string) => ({
  origin,
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
});

describe('trusted origins', () => {
  it('a local PUBLIC_URL trusts its localhost, 127.0.0.1 and [::1] names on the same port outside production', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'redflag-origins-'));
    try {
      const dev = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:5000' });
      expect(dev.trustedOrigins).toEqual(
        expect.arrayContaining(['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000']),
      );
      expect(dev.trustedOrigins).not.toContain('http://127.0.0.1:5001');
      const viaIp = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://127.0.0.1:5179/' });
      expect(viaIp.trustedOrigins).toEqual(expect.arrayContaining(['http://127.0.0.1:5179', 'http://localhost:5179']));
      const remote = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://staging.redflag.example' });
      expect(remote.trustedOrigins.filter((o) => !o.endsWith(':5173'))).toEqual(['https://staging.redflag.example']);
      const prod = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://redflag.example/app',
        BETTER_AUTH_SECRET: 'p'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        STRIPE_SECRET_KEY: 'sk_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      });
      expect(prod.trustedOrigins).toEqual(['https://redflag.example']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the app behind http://localhost:5000, opened at http://127.0.0.1:5000 (in-process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sign-up with Origin http://127.0.0.1:5000 succeeds; another port is refused', async () => {
    // raw HTTP: better-auth route, not in the route table; the Origin header is the point
    const ok = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { ...browser('http://127.0.0.1:5000'), 'x-forwarded-for': '10.9.0.1' },
      body: SIGN_UP('ip-origin@example.com'),
    });
    expect(ok.status).toBe(200);
    // raw HTTP: better-auth route, not in the route table; the Origin header is the point
    const other = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { ...browser('http://127.0.0.1:5001'), 'x-forwarded-for': '10.9.0.2' },
      body: SIGN_UP('other-port@example.com'),
    });
    expect(other.status).toBe(403);
  });
});

describe('the real server in development mode (better-auth checks origins itself there)', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'redflag-origins-server-'));
    // PUBLIC_URL says localhost; the person typed 127.0.0.1.
    const port = await freePort();
    server = await startServer(
      { NODE_ENV: 'development', DATA_DIR: dir, PUBLIC_URL: `http://localhost:${port}` },
      port,
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sign-up from the page at http://127.0.0.1:PORT succeeds', async () => {
    const res = await rawRequest(
      server.port,
      'POST',
      '/api/auth/sign-up/email',
      browser(server.origin),
      SIGN_UP('typed-the-ip@example.com'),
    );
    expect(res.status, res.body).toBe(200);
  });

  it('sign-up from a foreign page is still refused', async () => {
    const res = await rawRequest(
      server.port,
      'POST',
      '/api/auth/sign-up/email',
      { ...browser('https://evil.example'), 'sec-fetch-site': 'cross-site' },
      SIGN_UP('evil@example.com'),
    );
    expect(res.status).toBe(403);
  });
});
