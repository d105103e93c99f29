import type { AppContext } from '../context.ts';
import { analyze } from '../detection/analyze.ts';
import type { EngineInput } from '../detection/engine-input.ts';
import { engineOptions } from './scans.service.ts';

/**
 * Invented messages that take every path of the engine a scan may take: a link, a number, a sender address,
 * a marketplace chat and an ordinary note. Never anyone's message.
 */
const WARM_UP: readonly EngineInput[] = [
  {
    message:
      'USPS: your parcel is on hold for an unpaid fee of $1.99. Pay today at https://parcel-fee.example/pay or call +1 202 555 0143.',
    platform: 'sms',
    phoneNumber: '+1 202 555 0143',
    email: 'notice@parcel-fee.example',
  },
  {
    message: 'Is the bike still available? I can send the deposit by Zelle and my courier will pick it up.',
    platform: 'facebook',
  },
  { message: 'Hi, running ten minutes late, see you at the cafe.' },
];

/**
 * Readies the engine before /readyz says so: the first analysis after a start pays for compiling the rules,
 * the model's first use and the lazy parts of the link, number and address checks (about half a second),
 * which would otherwise fall on the first person's scan. Runs each warm-up message once, without the LLM
 * reviewer or MX lookups (no outside call at start), then marks the context ready and logs how long the
 * warm-up took and what one analysis takes after it. A failure leaves the instance not ready: its engine
 * cannot answer scans.
 */
export async function warmEngine(
  ctx: Pick<AppContext, 'config' | 'logger' | 'llmReviewer' | 'readiness'>,
): Promise<{ analyses: number; warmUpMs: number; afterMs: number }> {
  const opts = { ...engineOptions(ctx), llm: null, mx: null };
  const started = performance.now();
  for (const input of WARM_UP) await analyze(input, opts);
  const warmUpMs = performance.now() - started;
  const again = performance.now();
  await analyze(WARM_UP[0] as EngineInput, opts);
  const afterMs = performance.now() - again;
  ctx.readiness.engineWarm = true;
  ctx.logger.info(
    { warmUpMs: Math.round(warmUpMs), firstScanEngineMs: Math.round(afterMs * 10) / 10 },
    'engine warm: ready for the first scan',
  );
  return { analyses: WARM_UP.length + 1, warmUpMs, afterMs };
}
