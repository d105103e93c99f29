import type { AppContext } from '../context.ts';

/**
 * Readies the engine before /readyz says so: the first analysis on an engine thread pays for compiling the
 * rules, the model's first use and the lazy parts of the link, number and address checks (about half a
 * second), which would otherwise fall on the first person's scan. Each thread warms itself when it loads
 * (engine/worker.ts, without the LLM reviewer or MX lookups: no outside call at start); this waits for every
 * thread, then marks the context ready and logs how long the slowest warm-up took and what one analysis
 * takes after it. A failure leaves the instance not ready: its engine cannot answer scans.
 */
export async function warmEngine(
  ctx: Pick<AppContext, 'logger' | 'readiness' | 'enginePool'>,
): Promise<{ threads: number; analyses: number; warmUpMs: number; afterMs: number }> {
  const warmths = await ctx.enginePool.warm();
  const warmUpMs = Math.max(...warmths.map((w) => w.warmUpMs));
  const afterMs = Math.max(...warmths.map((w) => w.afterMs));
  const analyses = warmths.reduce((n, w) => n + w.analyses, 0);
  ctx.readiness.engineWarm = true;
  ctx.logger.info(
    { threads: warmths.length, warmUpMs: Math.round(warmUpMs), firstScanEngineMs: Math.round(afterMs * 10) / 10 },
    'engine warm: ready for the first scan',
  );
  return { threads: warmths.length, analyses, warmUpMs, afterMs };
}
