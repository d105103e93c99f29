import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's `@/` alias (tsconfig.client.json, client/vite.config.ts), so client modules import the same way in tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./client/src', import.meta.url)) } },
  test: {
    // API tests start their own database per file; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'server/src/**/*.test.ts',
            'packages/**/*.test.ts',
            'client/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['server/src/test/global-setup.ts'],
        },
      },
      {
        // Component and hook tests (.test.tsx) render into jsdom with Testing Library; a .test.ts that needs a
        // document says `// @vitest-environment jsdom` itself. The server's tests stay on node.
        extends: true,
        test: {
          name: 'dom',
          include: ['client/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['client/src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
