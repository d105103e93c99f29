import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'packages/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['server/src/test/global-setup.ts'],
    // API tests start their own database per file; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
