/**
 * Logistic regression trained with AdaGrad on hashed features. Written here rather than pulled from npm
 * because it is ~60 lines, deterministic, and has to match the featuriser used at run time exactly.
 */
import { FEATURE_DIM, featurize, type Features } from '../model/features.ts';
import type { LabelledRecord } from './data.ts';

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
}

/** A deterministic pseudo-random generator (mulberry32): training and generated test inputs repeat exactly. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrainedWeights {
  weights: Float32Array;
  bias: number;
}

export function trainLogistic(
  records: readonly LabelledRecord[],
  opts: TrainOptions,
  precomputed: readonly Features[] | undefined,
  /** Per-record sample weights (classifiers.ts balancedWeights). */
  sw: Float32Array,
): TrainedWeights {
  const feats = precomputed ?? records.map((r) => featurize(r.text));
  const y = records.map((r) => (r.label === 'scam' ? 1 : 0));
  const w = new Float32Array(FEATURE_DIM);
  const g2 = new Float32Array(FEATURE_DIM).fill(1e-2);
  let bias = 0;
  let biasG2 = 1e-2;
  const rand = mulberry32(opts.seed);
  const order = records.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = t;
    }
    for (const n of order) {
      const f = feats[n];
      if (!f) continue;
      let z = bias;
      for (let k = 0; k < f.idx.length; k++) z += (w[f.idx[k] ?? 0] ?? 0) * (f.val[k] ?? 0);
      const p = 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
      const g = (p - (y[n] ?? 0)) * (sw[n] ?? 1);
      for (let k = 0; k < f.idx.length; k++) {
        const h = f.idx[k] ?? 0;
        const wh = w[h] ?? 0;
        const gh = g * (f.val[k] ?? 0) + opts.l2 * wh;
        const acc = (g2[h] ?? 0) + gh * gh;
        g2[h] = acc;
        w[h] = wh - (opts.learningRate * gh) / Math.sqrt(acc);
      }
      biasG2 += g * g;
      bias -= (opts.learningRate * g) / Math.sqrt(biasG2);
    }
  }
  return { weights: w, bias };
}

/** int8 quantisation: a weight is stored as round(w / scale), scale = max |w| / 127. */
export function quantize(weights: Float32Array): { q: Int8Array; scale: number } {
  let max = 0;
  for (const v of weights) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round((weights[i] ?? 0) / scale)));
  return { q, scale };
}

/** Platt scaling: fit p = sigmoid(a*z + b) to labels by Newton's method on the log-loss. */
export function fitPlatt(z: readonly number[], y: readonly number[]): { a: number; b: number } {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0,
      gb = 0,
      haa = 0,
      hab = 0,
      hbb = 0;
    for (let i = 0; i < z.length; i++) {
      const zi = z[i] ?? 0;
      const p = 1 / (1 + Math.exp(-(a * zi + b)));
      const d = p - (y[i] ?? 0);
      const s = Math.max(p * (1 - p), 1e-9);
      ga += d * zi;
      gb += d;
      haa += s * zi * zi;
      hab += s * zi;
      hbb += s;
    }
    haa += 1e-6;
    hbb += 1e-6;
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-8) break;
  }
  return { a, b };
}
