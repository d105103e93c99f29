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
import type { Listing } from '@redflag/contracts/reputation';
import type { ScanResult } from '@redflag/contracts/scan';
import { review } from '../detection/analyze.ts';
import type { EngineInput } from '../detection/engine-input.ts';
import type { LlmReviewer } from '../detection/llm/reviewer.ts';
import type { AnalyzeOptions } from '../detection/options.ts';
import type { ReadMail } from '../inbound/read-mail.ts';
import type { Logger } from '../lib/logger.ts';
import type { EngineTask, EngineTaskResult, EngineWarmth } from './protocol.ts';

/**
 * The known-bad listings of the links an analysis found (reputation.service.ts lookupListings), or null when
 * the lists could not be loaded (the scan is then answered without them).
 */
export type ListingsOf = (links: ScanResult['links']) => Promise<Listing[] | null>;

export interface Engine {
  /**
   * The engine's analysis of one input on an engine thread, then the LLM review when one is configured. With
   * `listingsOf`, the links the analysis found are matched against the known-bad lists, and only when one is
   * listed does the thread decide again with the listings as evidence (policy step 8): a scan crosses to a
   * thread once, and its links are found once (decision 130).
   */
  analyze(input: EngineInput, listingsOf?: ListingsOf): Promise<EngineAnswer>;
}

export interface EngineAnswer {
  result: ScanResult;
  /** The listings of the result's links ([] without `listingsOf`; null when the lists could not be loaded). */
  listed: Listing[] | null;
}

/** The engine threads, shared by whatever runs analyses on them (createEngine). */
export interface EnginePool {
  /** The analysis of one task on a thread. */
  run(task: EngineTask): Promise<EngineTaskResult>;
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
 * Node's flags for an engine thread. A thread gets none of the process's own (a test's `--import` of a mock,
 * `--watch`): the source entry registers tsx itself, and V8's flags apply to the process's isolate only. And no
 * `require` of an ES module: Piscina loads a worker's file with `require` first, which on Node 20.19+ instantiates
 * an ES module synchronously, and a thread stopped in that moment (a server stopped while it warms up) aborts
 * the whole process ("v8::Module::IsGraphAsync must be used on an instantiated module"). Without it `require`
 * refuses at once and Piscina imports the module, which a stop ends cleanly.
 */
export const THREAD_EXEC_ARGV: readonly string[] = ['--no-experimental-require-module'];

/**
 * The worker's module: beside this file when the server runs from its TypeScript (tests, `npm run dev`;
 * worker-from-source.mjs then loads tsx in the thread), else the bundle's dist/server/engine-worker.js (scripts/build.mjs).
 */
export function workerModule(): string {
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  if (existsSync(source)) return fileURLToPath(new URL('./worker-from-source.mjs', import.meta.url));
  // In the bundle, import.meta.url names dist/server/engine/pool.ts (scripts/build.mjs sourceRelativeUrls).
  return fileURLToPath(new URL('../engine-worker.js', import.meta.url));
}

/** `threads` engine threads (config.engineThreads), started on first use and kept while the process runs. */
export function createEnginePool(threads: number): EnginePool {
  let pool: Piscina<unknown, unknown> | null = null;
  const poolOf = (): Piscina => {
    pool ??= new Piscina({
      filename: workerModule(),
      execArgv: [...THREAD_EXEC_ARGV],
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
    async analyze(input, listingsOf) {
      const onThread = async (task: EngineInput): Promise<ScanResult> => {
        const done = await deps.pool.run({ input: task, mx: deps.mx });
        // A warning from the thread carries the error's name and message, which is all onWarning logs.
        for (const w of done.warnings) onWarning(w.step, w);
        return done.result;
      };
      let result = await onThread(input);
      let listed: Listing[] | null = [];
      if (listingsOf) {
        listed = await listingsOf(result.links);
        // Listings are evidence only in the decision (explain.ts decide): the rare scan with a listed link is
        // analysed again with them; every other scan's first answer is the one it would have had.
        if (listed?.length) result = await onThread({ ...input, knownBad: listed });
      }
      return { result: await review(input, result, { llm: deps.llm, onWarning }), listed };
    },
  };
}
