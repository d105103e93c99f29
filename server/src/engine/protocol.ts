/** What crosses between the server's main thread and an engine thread (pool.ts, worker.ts): clonable data only. */
import type { ScanResult } from '@redflag/contracts/scan';
import type { EngineInput } from '../detection/engine-input.ts';
import type { AnalyzeOptions } from '../detection/options.ts';

export interface EngineTask {
  input: EngineInput;
  /** The MX lookup's setting (AnalyzeOptions.mx): null when EMAIL_MX_LOOKUP is off. */
  mx: AnalyzeOptions['mx'] | null;
}

export interface EngineWarning {
  step: 'mx_lookup' | 'llm_review';
  name: string;
  message: string;
}

export interface EngineTaskResult {
  result: ScanResult;
  /** The optional steps that failed (the local result stands): the main thread logs them. */
  warnings: EngineWarning[];
  /** The engine's time on its thread, queueing excluded. */
  engineMs: number;
}

/** A thread's warm-up: the analyses it ran when it loaded, how long they took, and one analysis after them. */
export interface EngineWarmth {
  analyses: number;
  warmUpMs: number;
  afterMs: number;
}
