/**
 * One engine thread (pool.ts): the detection engine's local analysis, and the reading of a forwarded mail
 * (inbound/read-mail.ts), off the server's event loop. It warms
 * itself when it loads, so the pool's first task on a thread never pays for compiling the rules and loading
 * the model. Only what can be cloned crosses: the engine input and its result, the MX lookup's setting, and
 * the optional steps' failures (step, error name and message; never the text).
 */
import { analyzeBeforeReview } from '../detection/analyze.ts';
import type { EngineInput } from '../detection/engine-input.ts';
import { loadDefaultModel } from '../detection/model/model.ts';
import type { AnalyzeOptions } from '../detection/options.ts';
import type { EngineTask, EngineTaskResult, EngineWarmth } from './protocol.ts';
import { WARM_UP } from './warm-up.ts';

export { readMail } from '../inbound/read-mail.ts';

async function warmUp(): Promise<EngineWarmth> {
  const started = performance.now();
  // The shipped model must be there: without it the engine would quietly run its detectors alone. A thread
  // that cannot load it fails its warm-up, and the instance never says it is ready.
  if (!loadDefaultModel()) throw new Error('engine thread: the text model file could not be loaded');
  for (const input of WARM_UP) await analyzeBeforeReview(input, { mx: null });
  const warmUpMs = performance.now() - started;
  const again = performance.now();
  await analyzeBeforeReview(WARM_UP[0] as EngineInput, { mx: null });
  return { analyses: WARM_UP.length + 1, warmUpMs, afterMs: performance.now() - again };
}

const warmth = await warmUp();

/** How this thread's warm-up went (it ran when the thread loaded). */
export function warm(): EngineWarmth {
  return warmth;
}

/** The engine's analysis of one input, without the LLM review (the main thread asks the reviewer). */
export async function analyze(task: EngineTask): Promise<EngineTaskResult> {
  const warnings: EngineTaskResult['warnings'] = [];
  const opts: AnalyzeOptions = {
    mx: task.mx,
    onWarning: (step, err) =>
      warnings.push({ step, name: (err as Error)?.name ?? 'Error', message: (err as Error)?.message ?? String(err) }),
  };
  const started = performance.now();
  const result = await analyzeBeforeReview(task.input, opts);
  return { result, warnings, engineMs: performance.now() - started };
}
