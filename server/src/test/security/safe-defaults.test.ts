import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signJWT } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { user as userTable } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createVerifiedUser } from '../users.ts';
import { requestFrom } from './http.ts';

/**
 * Development mode is the default, and a deploy that forgot NODE_ENV=production served
 * the public /dev/mailbox (a magic link read there took over an account) and signed tokens with a public
 * built-in secret (a forged verification token gave a session to an unverified account). Dev-only routes
 * now answer only to loopback clients of a local PUBLIC_URL, and a missing secret is generated once into
 * the data folder.
 */

const REMOTE = '203.0.113.7';
const DEV_ONLY = ['/dev/mailbox', '/dev/mailbox.json', '/billing/test-checkout/lcs_x', '/billing/test-portal/lps_x'];

describe('dev-only routes on a development server with a local PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer a loopback client (IPv4, IPv6 and IPv4-mapped)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await requestFrom(t, address, '/dev/mailbox.json')).status, address).toBe(200);
      expect((await requestFrom(t, address, '/dev/mailbox')).status, address).toBe(200);
    }
  });

  it('answer 404 to a client at any other address', async () => {
    for (const p of DEV_ONLY) expect((await requestFrom(t, REMOTE, p)).status, p).toBe(404);
    expect((await requestFrom(t, '192.168.1.20', '/dev/mailbox.json')).status).toBe(404);
    const clock = await requestFrom(t, REMOTE, '/api/test/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 1 }),
    });
    expect(clock.status).toBe(404);
  });

  it('answer 404 when reached under a name that is not local (DNS rebinding from a loopback browser)', async () => {
    const res = await requestFrom(t, '127.0.0.1', '/dev/mailbox.json', { headers: { host: 'evil.example' } });
    expect(res.status).toBe(404);
  });
});

describe('dev-only routes behind a proxy (TRUST_PROXY_HEADER)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HEADER: 'x-forwarded-for' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('go by the forwarded client address, not the proxy on loopback', async () => {
    const remote = await requestFrom(t, '127.0.0.1', '/dev/mailbox.json', { headers: { 'x-forwarded-for': REMOTE } });
    expect(remote.status).toBe(404);
    const local = await requestFrom(t, '127.0.0.1', '/dev/mailbox.json', {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.status).toBe(200);
  });
});

describe('dev-only routes with a PUBLIC_URL that is not local', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://redflag.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are not there at all, even for a loopback client', async () => {
    for (const p of DEV_ONLY) expect((await requestFrom(t, '127.0.0.1', p)).status, p).toBe(404);
    const clock = await requestFrom(t, '127.0.0.1', '/api/test/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 1 }),
    });
    expect(clock.status).toBe(404);
  });

  it('in production the test-provider pages stay public when the operator opts in (as before); the mailbox never', async () => {
    const demo = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://demo.redflag.example',
      BETTER_AUTH_SECRET: 'demo-secret-0123456789abcdefghijklmnop',
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      ALLOW_TEST_BILLING_IN_PRODUCTION: 'true',
      TEST_CLOCK: 'false',
    });
    try {
      const u = await createVerifiedUser(demo);
      const res = await requestFrom(demo, REMOTE, '/billing/test-checkout/lcs_x', { headers: { cookie: u.cookie } });
      // The page itself answers (its own "Checkout not found"), not the app's 404 for unknown paths.
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Checkout not found');
      expect((await requestFrom(demo, '127.0.0.1', '/dev/mailbox.json')).status).toBe(404);
    } finally {
      await demo.close();
    }
  });
});

describe('the auth secret when BETTER_AUTH_SECRET is not set', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'redflag-secret-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is generated once into the data folder (owner-only) and reused by the next start', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.auth.secret.length).toBeGreaterThanOrEqual(32);
    expect(second.auth.secret).toBe(first.auth.secret);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: tempDir() }).auth.secret).not.toBe(first.auth.secret);
  });

  it('is generated into the data folder with DATABASE_URL as well', () => {
    const dir = tempDir();
    const a = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/redflag' });
    const b = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/redflag' });
    expect(b.auth.secret).toBe(a.auth.secret);
  });

  it('a configured secret is used as given and nothing is written', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir, BETTER_AUTH_SECRET: 's'.repeat(40) });
    expect(c.auth.secret).toBe('s'.repeat(40));
    expect(() => statSync(path.join(dir, 'auth-secret'))).toThrow();
  });

  it('a verification token forged with the old public built-in secret verifies nobody', async () => {
    const t = await createTestApp();
    try {
      const victim = await createVerifiedUser(t, { emailVerified: false });
      const forged = await signJWT(
        { email: victim.user.email },
        'redflag-development-secret-do-not-use-in-production',
        3600,
      );
      // raw HTTP: better-auth route, not in the route table; a redirect and its cookies
      const res = await t.request(`/api/auth/verify-email?token=${forged}`, { redirect: 'manual' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
      const [row] = await t.ctx.database.db.select().from(userTable).where(eq(userTable.id, victim.user.id));
      expect(row?.emailVerified).toBe(false);
    } finally {
      await t.close();
    }
  });
});
