import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Bulletproof React's shape (CONVENTIONS.md, decision 086): a feature never imports another feature; app/ is
// the only place features meet; the shared folders (components, lib, hooks, utils) import no feature and not app/.
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: './client/src/features',
  except: [`./${name}`],
  message:
    'Features do not import each other: move the shared piece to components/, lib/, hooks/ or utils/, or compose the two in app/.',
}));
const appZone = {
  target: './client/src/features',
  from: './client/src/app',
  message: 'Features do not import app/: app/ composes them and hands down what they need as props.',
};
// The client is built from client/ and packages/ alone: build helpers live in client/ (ocr-assets.ts beside
// vite.config.ts), shared code in packages/. One exception: the landing page shows the engine's committed figures.
const clientOutsideZone = {
  target: './client',
  from: ['./scripts', './server', './bench', './e2e'],
  except: ['./src/detection/model/eval-report.json'],
  message:
    'The client imports only client/ and packages/: move what it shares into packages/ (or client/ for build helpers).',
};
const sharedZones = ['components', 'lib', 'hooks', 'utils'].map((folder) => ({
  target: `./client/src/${folder}`,
  from: ['./client/src/features', './client/src/app'],
  message: 'Shared code imports no feature and not app/: it is used by them, not the other way round.',
}));

// The server's arrows (docs/architecture.md): index.ts -> context.ts and app.ts -> routes -> services -> repos, with
// http/, lib/, db/ and config.ts as the toolbox underneath. Every feature may name `type AppContext`, so a folder
// context.ts builds a service from must not import context.ts back, and the toolbox imports no feature at all.
const serverDirs = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'test')
  .map((entry) => entry.name);
const serverToolbox = ['http', 'lib', 'db'];
const serverRoot = ['./server/src/context.ts', './server/src/app.ts', './server/src/index.ts'];
const serverZones = [
  {
    target: [...serverToolbox.map((dir) => `./server/src/${dir}`), './server/src/config.ts'],
    from: [
      ...serverDirs.filter((dir) => !serverToolbox.includes(dir)).map((dir) => `./server/src/${dir}`),
      ...serverRoot,
    ],
    message:
      'The toolbox (http/, lib/, db/, config.ts) imports no feature and not context/app/index: a feature adds what it needs (e.g. its request variables through Hono ContextVariableMap, as auth/session.ts does).',
  },
  {
    // What context.ts builds: better-auth, the mailer, the billing provider adapters, the known-bad lists, the engine
    // threads and the engine's LLM reviewer. They take their few dependencies by name, so the arrow from context.ts into them points down.
    target: [
      './server/src/auth',
      './server/src/mail',
      './server/src/billing/providers',
      './server/src/reputation/known-bad.ts',
      './server/src/detection',
      './server/src/engine',
    ],
    from: './server/src/context.ts',
    message:
      'context.ts builds this service: it must not import context.ts back. Name the dependencies it needs ({ auth: Auth; config: Config }) instead of Pick<AppContext, ...>.',
  },
  {
    target: './server/src',
    from: ['./server/src/app.ts', './server/src/index.ts'],
    message: 'app.ts and index.ts are the top: only index.ts (and tests) import app.ts, nothing imports index.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'client/dist',
      'dist',
      '.tmp',
      'test-results',
      'playwright-report',
      'server/src/db/migrations',
      'bench/framework-choice',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['client/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A box that scrolls must take focus so a keyboard can scroll it (axe's scrollable-region-focusable);
      // we give such boxes role="region" and a name.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // No import circles, type-only ones included (CONVENTIONS.md): the TypeScript resolver follows the
    // tsconfig paths (`@/` on the client, the workspace package for contracts).
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.client.json', 'tsconfig.server.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, appZone, ...sharedZones, clientOutsideZone] },
      ],
    },
  },
  {
    // The client's build files beside client/src.
    files: ['client/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.client.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [clientOutsideZone] }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/index.ts', 'server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    // detection/ has a context.ts of its own (the engine's), and the zones above keep it from the app's.
    ignores: ['server/src/index.ts', 'server/src/detection/**', 'server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      // The one arrow back up to context.ts is a type (AppContext), erased at build: createContext is index.ts's.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+context(\\.ts)?$',
              allowTypeImports: true,
              message: 'Only index.ts (and the test harness) build the context: import type { AppContext } here.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/conventions.md): routes -> service -> repo. Only app.ts mounts route files, so
    // no feature imports another's routes (shared rules and helpers live in their own modules); a repo is the
    // bottom layer and imports neither a service nor routes; a service imports no routes.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/app.ts', 'server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.routes(\\.ts)?$',
              message:
                'Only app.ts mounts routes: move what you need from a routes file into a service or a rules module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.(routes|service)(\\.ts)?$',
              message: 'A repo is the bottom layer: it imports no service and no routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The engine's parts (docs/architecture.md, "Detection"): a file in a detection/ sub-folder imports its own
    // folder, the other parts, and the top-level leaf modules; never the pipeline above it (analyze, evidence,
    // explain, policy, combine...). training/ is a tool on top of the engine and may import all of it.
    files: ['server/src/detection/*/**/*.ts'],
    ignores: ['server/src/detection/training/**', 'server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // The server's zones too: a later block's options replace an earlier one's for the same rule.
          zones: [
            ...serverZones,
            {
              target: './server/src/detection/*/**',
              from: './server/src/detection',
              except: [
                ...readdirSync(new URL('./server/src/detection', import.meta.url), { withFileTypes: true })
                  .filter((entry) => entry.isDirectory())
                  .map((entry) => `./${entry.name}`),
                './signal.ts',
                './engine-input.ts',
                './options.ts',
              ],
              message:
                'A detection/ part does not import the pipeline above it: move the shared piece into a leaf module (signal.ts, score/) or into the part.',
            },
          ],
        },
      ],
    },
  },
  {
    // One pipeline (docs/engine.md): analyze.ts alone runs the engine's stages. No other engine file calls
    // gather (evidence.ts) or decide (explain.ts): the conversation scorer is handed them (conversation/score.ts
    // MessageAnalysis). Their types may be shared.
    files: ['server/src/detection/**/*.ts'],
    ignores: ['server/src/detection/analyze.ts', 'server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(evidence|explain)(\\.ts)?$',
              allowTypeImports: true,
              message:
                'Only analyze.ts runs the stages: take the stage you need as a parameter (conversation/score.ts MessageAnalysis).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The service worker (decision 105) runs in the worker scope, not the page's.
    files: ['client/public/sw.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'self',
          'caches',
          'clients',
          'fetch',
          'Request',
          'Response',
          'Headers',
          'URL',
          'URLSearchParams',
          'FormData',
          'Blob',
          'console',
          'setTimeout',
          'clearTimeout',
          'indexedDB',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
