// Shared by the benchmarks: start the real server on a loopback port with a throw-away data folder, and
// set up a premium user through the real API (sign-up, test checkout with card 4242, conversion).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * How the production image runs the server (deploy/Dockerfile's last stage): the `node` flags of its CMD
 * and its memory settings (the glibc `MALLOC_*` variables of its ENV), so a bench of the bundle measures what
 * an operator runs (decision 126). Read from the Dockerfile itself, so the two cannot drift apart.
 */
export function imageRuntime(dockerfile = readFileSync(new URL('../deploy/Dockerfile', import.meta.url), 'utf8')): {
  nodeArgs: string[];
  env: Record<string, string>;
} {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  // Instructions with their continuation lines joined; comments dropped.
  const lines = lastStage
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'));
  const env: Record<string, string> = {};
  for (const line of lines.filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g))
      if (key!.startsWith('MALLOC_')) env[key!] = value!;
  }
  const cmd = lines.find((l) => l.startsWith('CMD '));
  const argv = cmd ? (JSON.parse(cmd.slice(4)) as string[]) : [];
  if (argv[0] !== 'node') throw new Error('deploy/Dockerfile: the last CMD does not run node');
  return { nodeArgs: argv.slice(1, -1), env };
}

/**
 * `bundle`: run dist/server/index.js as production does (docs/deploy.md; build it first with `npm run build`),
 * with the image's node flags and memory settings (imageRuntime), rather than the TypeScript sources through
 * tsx, whose loader thread adds about 30 MB.
 */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  opts: { bundle?: boolean } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app under the bench's load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const image = opts.bundle ? imageRuntime() : { nodeArgs: [], env: {} };
  const entry = opts.bundle ? [...image.nodeArgs, 'dist/server/index.js'] : ['--import', 'tsx', 'server/src/index.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMITS: 'off',
      ...image.env,
      ...env,
    },
    stdio: 'inherit',
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i === 299) throw new Error('server did not come up');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      await exited;
    },
  };
}

export async function premiumUserCookie(base: string, email = 'bench@example.com'): Promise<string> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'Bench-Passphrase-2026', name: 'Bench User' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signUp.ok || !cookie) throw new Error(`sign-up failed: ${signUp.status}`);
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const checkout = await (await fetch(`${base}/api/create-checkout-session`, { method: 'POST', headers })).json();
  const form = new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Bench User' });
  const paid = await fetch(checkout.checkout_url, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`test checkout failed: ${paid.status}`);
  const converted = await (await fetch(`${base}/api/convert-trial`, { method: 'POST', headers })).json();
  if (!converted.success) throw new Error(`conversion failed: ${converted.message}`);
  return cookie;
}

/** Real-looking messages, scams and ordinary chat, cycled by the load generators. */
export const BENCH_MESSAGES = [
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay',
  'Hi, is the couch still available? I can pick it up tomorrow after 5.',
  'I will send a certified check for $2,500, please refund the difference to my shipping agent via Zelle.',
  'Can you do $40 for the lamp? Cash on pickup.',
  'Your Chase account has been locked. Verify your identity at http://chase-secure-login.xyz within 24 hours.',
  'Before I buy, send me the 6-digit code Google Voice sends you to prove you are real.',
];
