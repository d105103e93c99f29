import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * Google sign-in in the browser against oauth2-mock-server on loopback. This spec starts its own server
 * with Google configured: the browser's trip to accounts.google.com is routed to the mock by Playwright,
 * and the server's token request by a test-only preload (e2e/support/google-token-to-mock.ts).
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

let mock: OAuth2Server;
let server: ChildProcess;
let baseURL = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      aud: 'e2e-google-client',
      sub: 'google-e2e-sub',
      email: 'gina.google@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Google',
      name: 'Gina Google',
    });
  });

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'redflag-e2e-google-'));
  server = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './e2e/support/google-token-to-mock.ts', 'server/src/index.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        E2E_GOOGLE_MOCK_URL: mock.issuer.url ?? '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await mock?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('Continue with Google signs a newcomer in and lands on the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The browser's visit to Google's consent page goes to the mock's authorize endpoint instead.
  await page.route('https://accounts.google.com/**', async (route) => {
    const url = new URL(route.request().url());
    expect(url.searchParams.get('prompt')).toBe('select_account');
    await route.fulfill({ status: 302, headers: { location: `${mock.issuer.url}/authorize${url.search}` } });
  });

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu for Gina' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({
    email: 'gina.google@example.com',
    firstName: 'Gina',
    lastName: 'Google',
    emailVerified: true,
  });
  await context.close();
});
