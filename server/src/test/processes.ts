import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes for the tests that start RedFlag as it is deployed (`node --import tsx
 * server/src/index.ts`): the scale-out test (two instances behind HAProxy) and the drain test.
 */

/** The repository's root: the cwd of every process started here. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Polls `probe` until it returns a value other than undefined, or fails with `what` at the deadline. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A child process whose output is kept (the app's JSON log lines, HAProxy's log) for assertions and failures. */
export class Proc {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: Record<string, string>,
  ) {
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (stream: NodeJS.ReadableStream | null) => {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        this.lines.push(...parts);
      });
    };
    collect(this.child.stdout);
    collect(this.child.stderr);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code) => resolve(code));
      this.child.on('error', () => resolve(null));
    });
  }

  /** The process id, for reading /proc/<pid>/status (the memory test). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  tail(n = 30) {
    return `--- last lines of ${this.name} ---\n${this.lines.slice(-n).join('\n')}`;
  }

  /** Sends a signal and returns at once (stop() waits for the exit). */
  signal(signal: NodeJS.Signals) {
    this.child.kill(signal);
  }

  /** SIGTERM (the app drains, HAProxy stops), SIGKILL if it is still there after the app's 10 s drain. */
  async stop() {
    if (!this.running || this.child.pid === undefined) return;
    this.child.kill('SIGTERM');
    const done = await Promise.race([
      this.exited.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 12_000)),
    ]);
    if (!done) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** The app's JSON log lines (pino). */
export function logEntries(proc: Proc): Array<Record<string, unknown>> {
  return proc.lines.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}
