import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = mkdtempSync(path.join(os.tmpdir(), 'redflag-build-client-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('scripts/build.mjs client step', () => {
  // A server test that starts the app runs the build with the test runner's NODE_ENV=test; the client it makes
  // is what the browser stage then serves, so it must be the production client whoever calls the build.
  it('builds the production client (React production runtime, service worker on) under NODE_ENV=test', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('./scripts/build.mjs'); await m.STEPS.find((s) => s.name === 'client').build();",
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', CLIENT_DIST: dist }, encoding: 'utf8' },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);

    const scripts = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const code = scripts.map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8')).join('\n');
    expect(scripts.length).toBeGreaterThan(0);
    // The development JSX runtime calls jsxDEV; the production one never names it.
    expect(code.includes('jsxDEV'), 'the bundle uses the development JSX runtime').toBe(false);
    // import.meta.env.PROD is true only in a production build: the registration of /sw.js survives.
    expect(code.includes('/sw.js'), 'the bundle registers no service worker').toBe(true);
    expect(existsSync(path.join(dist, 'sw.js'))).toBe(true);
  }, 300_000);

  // Vite writes its bundled config into the nearest node_modules (client/node_modules/.vite-temp once that
  // folder exists) on every build, and the test runner keeps its cache there: neither is a source, so a build
  // running beside a start must not make the next start rebuild the client.
  it('takes no input from client/node_modules', async () => {
    mkdirSync(path.join(ROOT, 'client', 'node_modules', '.vite-temp'), { recursive: true });
    // build.mjs is plain JavaScript without declarations: imported by a path held in a variable, typed here.
    const buildModule = './build.mjs';
    const { STEPS } = (await import(buildModule)) as { STEPS: Array<{ name: string; inputs: string[] }> };
    const inputs = STEPS.find((s) => s.name === 'client')?.inputs ?? [];
    expect(inputs).toContain('client/src');
    expect(inputs.filter((p) => p.split('/').includes('node_modules'))).toEqual([]);
  });
});
