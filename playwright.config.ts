import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys run against the real built server (npm run build first; `npm test` does it) on a
// loopback port with a throw-away embedded database, the dev outbox and the local billing provider.
const port = Number(process.env.E2E_PORT ?? 5179);
const feedPort = port + 1;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'redflag-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder per run

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  // Runs on another port (E2E_PORT) keep their own artefacts, so two suites side by side do not delete each other's.
  outputDir: process.env.E2E_PORT ? `test-results/port-${port}` : 'test-results/default',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    {
      // A known-bad list on a loopback port (e2e/support/feed-server.mjs), for the server's FEEDS below;
      // listed first, so it answers before the server's first refresh.
      command: `node e2e/support/feed-server.mjs ${feedPort}`,
      url: `http://127.0.0.1:${feedPort}/openphish.txt`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx server/src/index.ts',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        TEST_CLOCK: 'true',
        // Every journey signs up from 127.0.0.1 on one server: with 140 of them the per-address sign-up and
        // sign-in limits run out part-way through the suite. The limits are tested at the API level
        // (server/src/auth/rate-limit.test.ts, server/src/test/security/auth-lockout.test.ts).
        RATE_LIMITS: 'off',
        // A known-bad list for e2e/known-bad-link.spec.ts, served by the first web server.
        FEEDS: `e2e=openphish:http://127.0.0.1:${feedPort}/openphish.txt`,
      },
    },
  ],
});
