import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's `@/` alias (tsconfig.client.json, client/vite.config.ts), so client modules import the same way in tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./client/src', import.meta.url)) } },
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
