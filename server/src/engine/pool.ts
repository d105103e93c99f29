/**
 * The detection engine on threads of its own (decision 129): a scan's analysis runs on a worker thread from a
 * Piscina pool, so that no input, however long or unkind (a 2,000-turn chat, a mail of links), holds the
 * server's event loop: /healthz, sign-ins and other people's scans keep being answered while it runs. The
 * pool is sized to the cores (ENGINE_THREADS) and made on first use, so a command that never scans starts no
 * thread. The LLM reviewer, a network call, stays on the main thread and is asked after the thread answers.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ScanResult } from '@redflag/contracts/scan';
import { review } from '../detection/analyze.ts';
import type { EngineInput } from '../detection/engine-input.ts';
import type { LlmReviewer } from '../detection/llm/reviewer.ts';
import type { AnalyzeOptions } from '../detection/options.ts';
import type { ReadMail } from '../inbound/read-mail.ts';
import type { Logger } from '../lib/logger.ts';
import type { EngineTask, EngineTaskResult, EngineWarmth } from './protocol.ts';

export interface Engine {
  /** The engine's analysis of one input on an engine thread, then the LLM review when one is configured. */
  analyze(input: EngineInput): Promise<ScanResult>;
}

/** The engine threads, shared by whatever runs analyses on them (createEngine). */
export interface EnginePool {
  /** The analysis of one task on a thread. */
  run(task: EngineTask): Promise<EngineTaskResult>;
  /** The links of a message as the engine finds them (detection/url/links.ts analyzeLinks), on a thread. */
  links(message: string): Promise<ScanResult['links']>;
  /** A forwarded mail parsed and its message read (inbound/read-mail.ts), on a thread. */
  readMail(raw: Uint8Array): Promise<ReadMail>;
  /** Starts every thread and waits until each has warmed up (worker.ts); what each warm-up took. */
  warm(): Promise<EngineWarmth[]>;
  /** The number of engine threads. */
  readonly threads: number;
  /** Stops the threads (a scan still running is ended). */
  close(): Promise<void>;
}

/**
 * The worker's module: beside this file when the server runs from its TypeScript (tests, `npm run dev`;
 * worker-from-source.mjs then loads tsx in the thread), else the bundle's dist/server/engine-worker.js (scripts/build.mjs).
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  // A thread gets none of the process's own flags (a test's `--import` of a mock, `--watch`): the source entry
  // registers tsx itself, and V8's flags apply to the process's isolate only.
  if (existsSync(source))
    return { filename: fileURLToPath(new URL('./worker-from-source.mjs', import.meta.url)), execArgv: [] };
  // In the bundle, import.meta.url names dist/server/engine/pool.ts (scripts/build.mjs sourceRelativeUrls).
  return { filename: fileURLToPath(new URL('../engine-worker.js', import.meta.url)), execArgv: [] };
}

/** `threads` engine threads (config.engineThreads), started on first use and kept while the process runs. */
export function createEnginePool(threads: number): EnginePool {
  let pool: Piscina<unknown, unknown> | null = null;
  const poolOf = (): Piscina => {
    pool ??= new Piscina({
      ...workerModule(),
      minThreads: threads,
      maxThreads: threads,
      // Threads are kept: a new one pays for its warm-up (about a second) before its first scan.
      idleTimeout: Number.POSITIVE_INFINITY,
    });
    return pool;
  };
  return {
    threads,
    async run(task) {
      return (await poolOf().run(task, { name: 'analyze' })) as EngineTaskResult;
    },
    async links(message) {
      return (await poolOf().run(message, { name: 'links' })) as ScanResult['links'];
    },
    async readMail(raw) {
      return (await poolOf().run(raw, { name: 'readMail' })) as ReadMail;
    },
    async warm() {
      const p = poolOf();
      // As many tasks as threads at once: each idle thread takes one, and each answers only once it has loaded.
      return (await Promise.all(
        Array.from({ length: threads }, () => p.run(null, { name: 'warm' })),
      )) as EngineWarmth[];
    },
    async close() {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}

export interface EngineDeps {
  pool: EnginePool;
  /** The MX lookup's setting (config.emailMxLookup), or null. */
  mx: AnalyzeOptions['mx'] | null;
  llm: LlmReviewer | null;
  logger: Logger;
}

/** The app's engine: the analysis on the pool's threads, the LLM review (when configured) on this one. */
export function createEngine(deps: EngineDeps): Engine {
  const { logger } = deps;
  // An optional step failed: log which one and why (never the message); the local result stands.
  const onWarning: NonNullable<AnalyzeOptions['onWarning']> = (step, err) =>
    logger.warn(
      { step, err: { name: (err as Error)?.name, message: (err as Error)?.message } },
      'optional analysis step failed',
    );
  return {
    async analyze(input) {
      const done = await deps.pool.run({ input, mx: deps.mx });
      // A warning from the thread carries the error's name and message, which is all onWarning logs.
      for (const w of done.warnings) onWarning(w.step, w);
      return review(input, done.result, { llm: deps.llm, onWarning });
    },
  };
}
