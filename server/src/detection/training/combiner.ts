/**
 * Fits the combiner (score/combine.ts) on labelled data: a logistic model over the text model's OUT-OF-SOURCE
 * log-odds (each record scored by a model that never saw its source, so the combiner learns how far to
 * trust the model on unfamiliar text) and each detector's contribution.
 *
 * Detector coefficients have a Gaussian prior centred on 1 (the hand-set weight) and are kept in
 * [0, 3]: where a detector fires on legitimate messages the data pulls it down, where it never fires
 * (marketplace, romance: no labelled data) the hand-set weight stands. Training only; never at run time.
 */
import type { LabelledRecord } from './data.ts';
import { balancedWeights } from './classifiers.ts';
import type { TextDomain } from '../model/features.ts';
import { gather } from '../analyze.ts';
import { platformOf } from './evaluate.ts';
import { MODEL_CLIP, signalTerms, type CombinerParams } from '../score/combine.ts';

export interface CombinerRow {
  record: LabelledRecord;
  domain: TextDomain;
  m: number;
  terms: { id: string; x: number }[];
  y: number;
}

/**
 * Signals the combiner does not learn: their hand-set weight stands. A reassurance that only some sources
 * can show (quoted replies: half of SpamAssassin's legitimate mail, almost none of the other sources' text)
 * teaches the combiner that its ABSENCE is a scam sign: learnt, it raised the long-text bias and with it
 * the false alarms on every other source (decision 096). Left out of the fit, a message without the signal
 * scores exactly as before.
 */
export const UNLEARNED_SIGNALS: ReadonlySet<string> = new Set(['quoted_reply']);

/** Gathers each record's signals once (no model: its out-of-source logit comes from `oof`). */
export function collectCombinerRows(
  records: readonly LabelledRecord[],
  oof: ReadonlyMap<LabelledRecord, number>,
): CombinerRow[] {
  const rows: CombinerRow[] = [];
  for (const r of records) {
    const m = oof.get(r);
    if (m === undefined) continue;
    const g = gather({ message: r.text, platform: platformOf(r) }, { model: null, nanp: null });
    rows.push({
      record: r,
      domain: g.domain,
      m: Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, m)),
      terms: signalTerms(g.signals.filter((s) => !UNLEARNED_SIGNALS.has(s.id))),
      y: r.label === 'scam' ? 1 : 0,
    });
  }
  return rows;
}

/** Strength of the pull of each detector coefficient towards 1, in units of (mean) sample weight. */
const PRIOR_STRENGTH = 20;
const COEF_MAX = 3;

export function fitCombiner(rows: readonly CombinerRow[], iterations = 400): CombinerParams {
  const sw = balancedWeights(
    rows.map((r) => r.record),
    (_, i) => rows[i]?.domain ?? 'short',
  );
  const ids = [...new Set(rows.flatMap((r) => r.terms.map((t) => t.id)))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  // Parameters: [bias_short, bias_long, model_short, model_long, coef...].
  const theta = new Float64Array(4 + ids.length);
  theta[2] = 1;
  theta[3] = 1;
  for (let i = 0; i < ids.length; i++) theta[4 + i] = 1;
  const m1 = new Float64Array(theta.length);
  const m2 = new Float64Array(theta.length);
  const lr = 0.05;
  const n = rows.length || 1;
  for (let it = 1; it <= iterations; it++) {
    const grad = new Float64Array(theta.length);
    rows.forEach((r, k) => {
      const d = r.domain === 'short' ? 0 : 1;
      let z = (theta[d] ?? 0) + (theta[2 + d] ?? 1) * r.m;
      for (const t of r.terms) z += (theta[4 + (index.get(t.id) ?? 0)] ?? 1) * t.x;
      const p = 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
      const g = ((p - r.y) * (sw[k] ?? 1)) / n;
      grad[d] = (grad[d] ?? 0) + g;
      grad[2 + d] = (grad[2 + d] ?? 0) + g * r.m;
      for (const t of r.terms) {
        const j = 4 + (index.get(t.id) ?? 0);
        grad[j] = (grad[j] ?? 0) + g * t.x;
      }
    });
    for (let j = 4; j < theta.length; j++) grad[j] = (grad[j] ?? 0) + (PRIOR_STRENGTH / n) * ((theta[j] ?? 1) - 1);
    // Adam.
    for (let j = 0; j < theta.length; j++) {
      const gj = grad[j] ?? 0;
      m1[j] = 0.9 * (m1[j] ?? 0) + 0.1 * gj;
      m2[j] = 0.999 * (m2[j] ?? 0) + 0.001 * gj * gj;
      const mh = (m1[j] ?? 0) / (1 - 0.9 ** it);
      const vh = (m2[j] ?? 0) / (1 - 0.999 ** it);
      theta[j] = (theta[j] ?? 0) - (lr * mh) / (Math.sqrt(vh) + 1e-8);
      if (j >= 4) theta[j] = Math.max(0, Math.min(COEF_MAX, theta[j] ?? 1));
      else if (j >= 2) theta[j] = Math.max(0.05, Math.min(2, theta[j] ?? 1));
    }
  }
  const r3 = (x: number): number => Math.round(x * 1000) / 1000;
  const signalCoef: Record<string, number> = {};
  ids.forEach((id, i) => {
    const c = r3(theta[4 + i] ?? 1);
    if (Math.abs(c - 1) > 0.005) signalCoef[id] = c;
  });
  return {
    bias: { short: r3(theta[0] ?? 0), long: r3(theta[1] ?? 0) },
    modelCoef: { short: r3(theta[2] ?? 1), long: r3(theta[3] ?? 1) },
    signalCoef,
  };
}
