/**
 * The text-model classes compared by leave-one-source-out evaluation (decision 014). Every class here
 * ends as a linear model over the same hashed features (features.ts), so the shipped file format and
 * the run-time scorer are shared and only training differs:
 *
 * - `lr`: logistic regression by AdaGrad (trainer.ts).
 * - `nb`: multinomial naive Bayes; its weights are the log-count ratios of the two classes.
 * - `nblr`: NB-weighted logistic regression (Wang & Manning 2012, "NBSVM" with a logistic loss): a
 *   logistic regression on features scaled by the NB log-count ratio, folded back into one weight per
 *   feature, so it scores exactly like the others.
 *
 * All take per-record sample weights (see `balancedWeights`) so that no source, and no label within a
 * source, can dominate: a model that learns "Enron style" instead of "scam" must not pay off.
 */
import { FEATURE_DIM, type Features } from '../model/features.ts';
import { trainLogistic, type TrainOptions } from './trainer.ts';
import type { LabelledRecord } from './data.ts';

export const MODEL_CLASSES = ['lr', 'nb', 'nblr'] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface LinearWeights {
  weights: Float32Array;
  bias: number;
}

/**
 * One weight per record such that every source carries the same total weight, split evenly between its
 * labels (a single-label source gives all of it to that label), and then, within each group (by default
 * the record's channel: e-mail, SMS, chat, job posting), both labels weigh the same. Without the last
 * step an all-phishing e-mail source would teach "long text = scam". Synthetic sources (source name
 * starting "synthetic") weigh a quarter of a real one.
 */
export function balancedWeights(
  records: readonly LabelledRecord[],
  groupOf: (r: LabelledRecord, i: number) => string = (r) => r.channel ?? 'other',
): Float32Array {
  const cell = new Map<string, number>();
  const labelsOf = new Map<string, Set<string>>();
  for (const r of records) {
    const src = r.source ?? 'other';
    cell.set(`${src}\u0000${r.label}`, (cell.get(`${src}\u0000${r.label}`) ?? 0) + 1);
    if (!labelsOf.has(src)) labelsOf.set(src, new Set());
    labelsOf.get(src)?.add(r.label);
  }
  const w = new Float32Array(records.length);
  const byGroupLabel = new Map<string, number>();
  const groupTotal = new Map<string, number>();
  records.forEach((r, i) => {
    const src = r.source ?? 'other';
    const share = src.startsWith('synthetic') ? 0.25 : 1;
    const v = share / (labelsOf.get(src)?.size ?? 1) / (cell.get(`${src}\u0000${r.label}`) ?? 1);
    w[i] = v;
    const g = groupOf(r, i);
    byGroupLabel.set(`${g}\u0000${r.label}`, (byGroupLabel.get(`${g}\u0000${r.label}`) ?? 0) + v);
    groupTotal.set(g, (groupTotal.get(g) ?? 0) + v);
  });
  // Within a group, each present label gets half of the group's weight (all of it if only one is present).
  records.forEach((r, i) => {
    const g = groupOf(r, i);
    const other = r.label === 'scam' ? 'legit' : 'scam';
    const both = (byGroupLabel.get(`${g}\u0000${other}`) ?? 0) > 0;
    const labelTotal = byGroupLabel.get(`${g}\u0000${r.label}`) ?? 1;
    w[i] = ((w[i] ?? 0) * (groupTotal.get(g) ?? 1) * (both ? 0.5 : 1)) / labelTotal;
  });
  const total = w.reduce((a, b) => a + b, 0);
  for (let i = 0; i < w.length; i++) w[i] = ((w[i] ?? 0) * records.length) / (total || 1);
  return w;
}

/** Smoothed log-count ratio r = log(p(f|scam) / p(f|legit)) over hashed features, weighted by sample weight. */
export function logCountRatio(
  feats: readonly Features[],
  labels: readonly number[],
  sw: Float32Array,
  alpha = 1,
): { r: Float32Array; prior: number } {
  const pos = new Float32Array(FEATURE_DIM);
  const neg = new Float32Array(FEATURE_DIM);
  let pw = 0;
  let nw = 0;
  feats.forEach((f, n) => {
    const target = labels[n] === 1 ? pos : neg;
    const s = sw[n] ?? 1;
    if (labels[n] === 1) pw += s;
    else nw += s;
    for (let k = 0; k < f.idx.length; k++) {
      const h = f.idx[k] ?? 0;
      target[h] = (target[h] ?? 0) + (f.val[k] ?? 0) * s;
    }
  });
  let ps = 0;
  let ns = 0;
  for (let h = 0; h < FEATURE_DIM; h++) {
    ps += (pos[h] ?? 0) + alpha;
    ns += (neg[h] ?? 0) + alpha;
  }
  const r = new Float32Array(FEATURE_DIM);
  for (let h = 0; h < FEATURE_DIM; h++)
    r[h] = Math.log(((pos[h] ?? 0) + alpha) / ps) - Math.log(((neg[h] ?? 0) + alpha) / ns);
  return { r, prior: Math.log((pw || 1) / (nw || 1)) };
}

/** Trains one model class on precomputed features. Deterministic for a given seed. */
export function trainClass(
  kind: ModelClass,
  records: readonly LabelledRecord[],
  feats: readonly Features[],
  opts: TrainOptions,
): LinearWeights {
  const sw = balancedWeights(records);
  const labels = records.map((r) => (r.label === 'scam' ? 1 : 0));
  if (kind === 'lr') return trainLogistic(records, opts, feats, sw);
  const { r, prior } = logCountRatio(feats, labels, sw, kind === 'nb' ? 0.5 : 1);
  if (kind === 'nb') {
    // Feature values are 1/sqrt(group size), so a text's NB score is already length-normalised; a
    // temperature keeps its log-odds in a range the calibration can map.
    const weights = new Float32Array(FEATURE_DIM);
    for (let h = 0; h < FEATURE_DIM; h++) weights[h] = (r[h] ?? 0) * 0.5;
    return { weights, bias: prior };
  }
  // nblr: logistic regression on x * r, then w_eff = w * r.
  const scaled = feats.map((f) => {
    const val = new Float32Array(f.val.length);
    for (let k = 0; k < f.idx.length; k++) val[k] = (f.val[k] ?? 0) * (r[f.idx[k] ?? 0] ?? 0);
    return { idx: f.idx, val };
  });
  const lr = trainLogistic(records, opts, scaled, sw);
  const weights = new Float32Array(FEATURE_DIM);
  for (let h = 0; h < FEATURE_DIM; h++) weights[h] = (lr.weights[h] ?? 0) * (r[h] ?? 0);
  return { weights, bias: lr.bias };
}

/** Raw (uncalibrated) log-odds of a linear model on one text's features. */
export function rawScore(m: LinearWeights, f: Features): number {
  let z = m.bias;
  for (let k = 0; k < f.idx.length; k++) z += (m.weights[f.idx[k] ?? 0] ?? 0) * (f.val[k] ?? 0);
  return z;
}
