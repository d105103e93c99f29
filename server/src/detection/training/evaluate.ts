/** Scores the whole engine on labelled records: shared by `npm run train` (validation report) and `npm run eval`. */
import { isPlatform } from '@redflag/contracts/platforms';
import type { Platform } from '@redflag/contracts/scan';
import { analyzeLocal, type AnalyzeOptions } from '../analyze.ts';
import type { LabelledRecord } from './data.ts';
import { groupBy, metrics, percentile, recallAtFpr, type Metrics } from './metrics.ts';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';

export interface EvalReport extends Metrics {
  threshold: number;
  bySource: Record<string, Metrics & { recallAt1PctFpr?: number }>;
  byType: Record<string, { n: number; flagged: number; rate: number }>;
  latencyMs: { p50: number; p99: number; mean: number };
}

/** The platform a record would have been pasted from. */
export function platformOf(r: LabelledRecord): Platform | undefined {
  const p = r.platform ?? r.channel;
  return p && isPlatform(p) ? p : undefined;
}

export function evaluateEngine(
  records: readonly LabelledRecord[],
  opts: AnalyzeOptions = {},
  threshold = RISK_BAND_SUSPICIOUS,
): EvalReport {
  const scored = records.map((r) => {
    const t0 = performance.now();
    const res = analyzeLocal({ message: r.text, platform: platformOf(r) }, opts);
    const ms = performance.now() - t0;
    return { r, score: res.riskScore, ms, type: res.scamType ?? null };
  });
  const overall = metrics(
    scored.map((s) => s.score),
    scored.map((s) => s.r.label === 'scam'),
    threshold,
  );
  const bySource: EvalReport['bySource'] = {};
  for (const [src, list] of groupBy(scored, (s) => s.r.source ?? 'unknown')) {
    const scores = list.map((s) => s.score);
    const labels = list.map((s) => s.r.label === 'scam');
    const m: Metrics & { recallAt1PctFpr?: number } = metrics(scores, labels, threshold);
    if (labels.some((l) => !l) && labels.some((l) => l)) m.recallAt1PctFpr = recallAtFpr(scores, labels, 0.01).recall;
    bySource[src] = m;
  }
  const byType: EvalReport['byType'] = {};
  for (const [type, list] of groupBy(scored, (s) => `${s.r.source ?? 'unknown'}:${s.r.type ?? s.r.label}`)) {
    const flagged = list.filter((s) => s.score >= threshold).length;
    byType[type] = { n: list.length, flagged, rate: Math.round((flagged / list.length) * 10000) / 10000 };
  }
  const lat = scored.map((s) => s.ms).sort((a, b) => a - b);
  const round3 = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    ...overall,
    threshold,
    bySource,
    byType,
    latencyMs: {
      p50: round3(percentile(lat, 50)),
      p99: round3(percentile(lat, 99)),
      mean: round3(lat.reduce((a, b) => a + b, 0) / Math.max(1, lat.length)),
    },
  };
}
