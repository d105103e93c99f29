#!/usr/bin/env node
// `npm test`: every test the project has, in one run, ending with one line `N passed, N failed, N skipped`.
//   1. makes sure Debian's chromium, PostgreSQL and HAProxy are present (installs them when running as root),
//      then type-checks, checks formatting and lints (each TypeScript project, Prettier and each linted file
//      counts as one test),
//   2. builds what the tests serve (phone lookup data when the shared data is there, the client, the server bundle),
//   3. unit + API tests on embedded PGlite,
//   4. the database-backed API tests again on a real PostgreSQL server started on a loopback port,
//   5. browser journeys (Playwright, Debian's chromium) against the real built server.
// Nothing is skipped silently: a missing system package is installed or the run stops with the command to run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findPgBin, startPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const isRoot = process.getuid?.() === 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];

function log(msg) {
  console.log(`\n==> ${msg}`);
}

function ensureSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!findPgBin()) missing.push('postgresql');
  // The scale-out test (server/src/test/ops/scale-out.test.ts) puts two instances behind Debian's HAProxy.
  if (!existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
  if (!missing.length) return;
  const cmd = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot) {
    console.error(
      `\nThe tests need Debian packages that are missing: ${missing.join(', ')}.\nInstall them with:\n  sudo sh -c '${cmd}'\n`,
    );
    process.exit(1);
  }
  log(`installing ${missing.join(', ')} (${cmd})`);
  const r = spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${cmd}`], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\nCould not install ${missing.join(', ')}. Run: ${cmd}`);
    process.exit(1);
  }
}

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function readVitest(file, name) {
  if (!existsSync(file)) {
    totals.failed += 1;
    stages.push(`${name}: no report (the runner crashed)`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A file that fails to load counts as a failure even though it ran no test.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  // A run that failed outside any test (global setup, a crash) must not read as green.
  const outside = r.success === false && r.numFailedTests + brokenFiles === 0 ? 1 : 0;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + brokenFiles + outside;
  totals.skipped += skipped;
  stages.push(
    `${name}: ${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles + outside} failed, ${skipped} skipped`,
  );
}

function readPlaywright(file, name) {
  if (!existsSync(file)) {
    totals.failed += 1;
    stages.push(`${name}: no report (the runner crashed)`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  const failed = (s.unexpected ?? 0) + (r.errors?.length && !passed && !s.unexpected ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += s.skipped ?? 0;
  stages.push(
    `${name}: ${passed} passed, ${failed} failed, ${s.skipped ?? 0} skipped${s.flaky ? ` (${s.flaky} flaky, passed on retry)` : ''}`,
  );
}

async function startTestPostgres() {
  // fsync off: a throw-away server, and the suite's many small databases are made and dropped far faster.
  return startPostgres({ port: await freePort(), settings: { fsync: 'off', max_connections: 200 } });
}

const only = process.argv[2]; // optional: lint | unit | postgres | e2e
ensureSystemPackages();

if (!only || only === 'lint') {
  // The shape of the code is tested too: both TypeScript projects type-check (one test each) and ESLint's
  // rules (no import cycles, feature boundaries, jsx-a11y, ...) hold in every file (one test per file).
  for (const project of ['tsconfig.server.json', 'tsconfig.client.json']) {
    log(`type-check (${project})`);
    const code = await run('npx', ['tsc', '-p', project, '--noEmit']);
    if (code === 0) totals.passed += 1;
    else totals.failed += 1;
    stages.push(`tsc ${project}: ${code === 0 ? 'passed' : 'failed'}`);
  }
  // Formatting is part of the shape: `prettier --check .` (one test; `npm run format` fixes it).
  log('format (prettier --check .)');
  {
    const code = await run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
    if (code === 0) totals.passed += 1;
    else totals.failed += 1;
    stages.push(`prettier: ${code === 0 ? 'passed' : 'failed (run npm run format)'}`);
  }
  log('lint (eslint .)');
  const report = path.join(tmp, 'eslint.json');
  rmSync(report, { force: true });
  const code = await run('npx', ['eslint', '.', '--format', 'json', '--output-file', report]);
  if (!existsSync(report)) {
    totals.failed += 1;
    stages.push(`eslint: no report (exit ${code})`);
  } else {
    const files = JSON.parse(readFileSync(report, 'utf8'));
    const bad = files.filter((f) => f.errorCount > 0);
    for (const f of bad)
      console.error(
        `lint: ${path.relative(root, f.filePath)}: ${f.messages
          .filter((m) => m.severity === 2)
          .map((m) => `${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`)
          .join('; ')}`,
      );
    totals.passed += files.length - bad.length;
    totals.failed += bad.length;
    stages.push(`eslint: ${files.length - bad.length} files passed, ${bad.length} failed`);
  }
}

if (!only || only === 'e2e') {
  // scripts/build.mjs: the phone table (skipped when ../shared/data/phone is absent), the client and the server
  // bundle, each only when missing or older than its sources.
  log('building what is missing or out of date (phone table, client, server bundle)');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) {
    console.error('build failed');
    totals.failed += 1;
    stages.push('build: failed');
  }
}

if (!only || only === 'unit') {
  log('unit and API tests on PGlite');
  const report = path.join(tmp, 'vitest-pglite.json');
  rmSync(report, { force: true });
  await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  readVitest(report, 'vitest (PGlite)');
}

if (!only || only === 'postgres') {
  log('API tests on a real PostgreSQL server');
  let server;
  try {
    server = await startTestPostgres();
    if (!server) throw new Error('PostgreSQL is not installed');
  } catch (err) {
    console.error('could not start PostgreSQL:', err.stderr?.toString() ?? err);
    totals.failed += 1;
    stages.push('vitest (PostgreSQL): server did not start');
  }
  if (server) {
    const report = path.join(tmp, 'vitest-postgres.json');
    rmSync(report, { force: true });
    try {
      // The detection engine and client tests do not touch the database: they ran in the PGlite pass.
      await run(
        'npx',
        [
          'vitest',
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
          '--exclude',
          'server/src/detection/**',
          '--exclude',
          'client/**',
          '--exclude',
          'scripts/**',
          '--exclude',
          'packages/**',
        ],
        { TEST_DATABASE_URL: server.url },
      );
    } finally {
      server.stop();
    }
    readVitest(report, 'vitest (PostgreSQL)');
  }
}

if (!only || only === 'e2e') {
  log('browser journeys (Playwright, Debian chromium)');
  const report = path.join(tmp, 'playwright.json');
  rmSync(report, { force: true });
  await run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  readPlaywright(report, 'playwright');
}

console.log('\n' + stages.map((s) => `  ${s}`).join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
