#!/usr/bin/env node
// `npm run build`, and the first step of `npm start`: builds only what is missing or older than its sources.
//   1. phone-data  the US/Canadian numbering table (server/src/detection/generated/nanp.json) from
//                  ../shared/data/phone, by `npm run build:phone-data`; without that folder a note, as ever;
//   2. client      the web app (Vite) into client/dist (or CLIENT_DIST), then its .br/.gz files;
//   3. server      server/src bundled by esbuild into dist/server/index.js and engine-worker.js (node_modules left external), with
//                  the files the server reads beside it (see sourceRelativeUrls below).
// A step is up to date when its stamp (dist/.stamps/<step>.json, written when the step succeeds) is newer than
// every file and folder of its sources (a folder's time changes when a file is added or removed) and its
// output is still there. `--force` rebuilds every step. Each step prints one line: "up to date" or what it built.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SRC = path.join(ROOT, 'server', 'src');
export const SERVER_DIST = path.join(ROOT, 'dist', 'server');
const STAMPS = path.join(ROOT, 'dist', '.stamps');

/** Tests and their helpers are never part of a build, so editing them rebuilds nothing. */
const isTestPath = (rel) => /(^|\/)test\//.test(rel) || /\.test\.tsx?$/.test(rel);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** The newest modification time among `paths` (files, or folders walked whole), and which path it was. */
export function newestInput(paths, ignore = () => false) {
  let newest = { mtimeMs: 0, path: '' };
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.mtimeMs > newest.mtimeMs) newest = { mtimeMs: st.mtimeMs, path: p };
    if (!st.isDirectory()) return;
    for (const name of readdirSync(p)) {
      if (SKIP_DIRS.has(name)) continue;
      const child = path.join(p, name);
      if (!ignore(path.relative(ROOT, child).split(path.sep).join('/'))) visit(child);
    }
  };
  for (const p of paths) visit(path.resolve(ROOT, p));
  return newest;
}

/** Why `step` must be built, or null when its stamp is newer than its sources and its outputs exist. */
export function staleReason(step) {
  const stampFile = path.join(STAMPS, `${step.name}.json`);
  if (!existsSync(stampFile)) return 'never built here';
  const missing = step.outputs.find((o) => !existsSync(o));
  if (missing) return `${path.relative(ROOT, missing)} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return 'its stamp is unreadable';
  }
  if (JSON.stringify(stamp.key) !== JSON.stringify(step.key)) return 'its settings changed';
  const newest = newestInput(step.inputs, step.ignore);
  if (newest.mtimeMs > stamp.builtAtMs) return `${path.relative(ROOT, newest.path)} changed`;
  return null;
}

function writeStamp(step, builtAtMs) {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(path.join(STAMPS, `${step.name}.json`), `${JSON.stringify({ builtAtMs, key: step.key }, null, 2)}\n`);
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

/** Files every step is built with: dependency versions, compiler settings, the shared contracts, this script. */
const COMMON = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages/contracts', 'scripts/build.mjs'];

// --- 1. phone-data -------------------------------------------------------------------------------------------
// The folder build-data.ts reads (its resolveDataDir without --data-dir): SHARED_DATA_DIR, REDFLAG_DATA_DIR, or
// ../shared/data beside the repository.
const sharedData = path.resolve(
  process.env.SHARED_DATA_DIR ?? process.env.REDFLAG_DATA_DIR ?? path.join(ROOT, '..', 'shared', 'data'),
);
const phoneDir = path.join(sharedData, 'phone');
const NANP_JSON = path.join(SERVER_SRC, 'detection', 'generated', 'nanp.json');

const phoneData = {
  name: 'phone-data',
  inputs: [
    phoneDir,
    'server/src/detection/phone/build-data.ts',
    'server/src/detection/phone/nanp.ts',
    'scripts/build.mjs',
  ],
  outputs: [NANP_JSON],
  key: { phoneDir },
  /** Without the shared data the builder only prints a note (the engine answers "unknown"); so do we, faster. */
  skip: () =>
    existsSync(path.join(phoneDir, 'nanp_ocn.csv'))
      ? null
      : `no numbering data at ${phoneDir}; US/Canadian VoIP detection will answer "unknown"`,
  build: () => run('npm', ['run', '--silent', 'build:phone-data']),
};

// --- 2. client -----------------------------------------------------------------------------------------------
const clientDist = path.resolve(process.env.CLIENT_DIST ?? path.join(ROOT, 'client', 'dist'));
const client = {
  name: 'client',
  // client/'s entries but dist (the folder client/ itself changes time when dist is made) and node_modules (Vite
  // writes its bundled config there on every build, and the test runner its cache).
  get inputs() {
    const entries = readdirSync(path.join(ROOT, 'client')).filter((name) => !SKIP_DIRS.has(name));
    return [...entries.map((name) => `client/${name}`), 'scripts/compress-dist.mjs', 'tsconfig.client.json', ...COMMON];
  },
  // Tests never reach the bundle.
  ignore: isTestPath,
  outputs: [path.join(clientDist, 'index.html')],
  // Vite bakes VITE_* variables into the bundle: a different value is a different build.
  key: {
    outDir: clientDist,
    env: Object.fromEntries(
      Object.entries(process.env)
        .filter(([k]) => k.startsWith('VITE_'))
        .sort(),
    ),
  },
  build: () => {
    // Always the production client, whoever calls: a server test starting the app has NODE_ENV=test, which would
    // otherwise give React's development runtime and no service worker (import.meta.env.PROD false).
    run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--mode', 'production'], {
      NODE_ENV: 'production',
    });
    run(process.execPath, ['scripts/compress-dist.mjs']);
  },
};

// --- 3. server -----------------------------------------------------------------------------------------------
const server = {
  name: 'server',
  inputs: ['server/src', 'tsconfig.server.json', ...COMMON],
  ignore: isTestPath,
  outputs: [path.join(SERVER_DIST, 'index.js'), path.join(SERVER_DIST, 'engine-worker.js')],
  key: {},
  build: bundleServer,
};

/** Bare imports that stay imports: every npm package but the workspace's own TypeScript ones. */
function externalPackages(found) {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@redflag/')) return undefined;
        if (!args.path.startsWith('node:'))
          found.add(args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]);
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Code that finds a file from its own place (`new URL('./model.json', import.meta.url)`, `createRequire(import.meta.url)`,
 * "am I the main module" checks) still means its own place in the bundle: in each server/src/<path>.ts,
 * `import.meta.url` becomes the URL of dist/server/<path>.ts, and every file of server/src that is not
 * TypeScript (migrations, model, generated tables) is copied to the same place under dist/server. Both trees are
 * two folders below the repository, so `../../../client/dist` and the like reach the same folder from either.
 */
function sourceRelativeUrls() {
  return {
    name: 'source-relative-urls',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const rel = path.relative(SERVER_SRC, args.path).split(path.sep).join('/');
        if (rel.startsWith('../')) {
          return {
            errors: [
              {
                text: `${path.relative(ROOT, args.path)} uses import.meta.url outside server/src: the bundle cannot place it`,
              },
            ],
          };
        }
        const contents = text.replace(
          /\bimport\.meta\.url\b/g,
          `new URL(${JSON.stringify(`./${rel}`)}, import.meta.url).href`,
        );
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const rel = path.relative(SERVER_SRC, src).split(path.sep).join('/');
    if (isTestPath(rel)) continue;
    if (entry.isDirectory()) copyAssets(src, path.join(to, entry.name));
    else if (!/\.[cm]?tsx?$/.test(entry.name)) {
      mkdirSync(to, { recursive: true });
      copyFileSync(src, path.join(to, entry.name));
    }
  }
}

async function bundleServer() {
  // esbuild is already installed for Vite and tsx; loaded only when a bundle is built, so a start with an
  // up-to-date bundle needs no build tool at all.
  const esbuild = await import('esbuild');
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const packages = new Set();
  try {
    await esbuild.build({
      // The server, and the engine's worker thread (server/src/engine/pool.ts loads engine-worker.js). Both sit
      // in dist/server itself: sourceRelativeUrls places every import.meta.url from there.
      entryPoints: {
        index: path.join(SERVER_SRC, 'index.ts'),
        'engine-worker': path.join(SERVER_SRC, 'engine', 'worker.ts'),
      },
      outdir: SERVER_DIST,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      plugins: [externalPackages(packages), sourceRelativeUrls()],
    });
  } finally {
    // esbuild's helper process would otherwise stay beside the server `npm start` runs in this process.
    await esbuild.stop();
  }
  // The bundle imports these at run time: production installs only `dependencies` (npm ci --omit=dev).
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const notDeps = [...packages].filter((name) => !(name in (pkg.dependencies ?? {})));
  if (notDeps.length)
    throw new Error(
      `the server imports ${notDeps.join(', ')}, which ${notDeps.length > 1 ? 'are' : 'is'} not in package.json "dependencies"`,
    );
  copyAssets(SERVER_SRC, SERVER_DIST);
  // ES modules wherever dist/server is put (the repository's package.json says so too).
  writeFileSync(path.join(SERVER_DIST, 'package.json'), '{ "type": "module" }\n');
}

export const STEPS = [phoneData, client, server];

/** Builds the stale steps in order; returns what each step did. */
export async function build({ force = false, log = console.log } = {}) {
  const results = [];
  for (const step of STEPS) {
    const t0 = performance.now();
    const skipped = step.skip?.();
    if (skipped) {
      log(`build: ${step.name}: skipped, ${skipped}`);
      results.push({ step: step.name, action: 'skipped' });
      continue;
    }
    const reason = force ? 'forced' : staleReason(step);
    if (!reason) {
      log(`build: ${step.name}: up to date`);
      results.push({ step: step.name, action: 'up to date' });
      continue;
    }
    log(`build: ${step.name}: building (${reason})`);
    // Rebuilt until it succeeds: a failed or interrupted build leaves no stamp.
    rmSync(path.join(STAMPS, `${step.name}.json`), { force: true });
    // A source saved while the build runs is newer than this and is built next time.
    const startedAtMs = Date.now();
    await step.build();
    writeStamp(step, startedAtMs);
    log(`build: ${step.name}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    results.push({ step: step.name, action: 'built' });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await build({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
