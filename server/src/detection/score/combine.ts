/**
 * Turns the text model's log-odds and the detectors' signals into one risk score and a confidence.
 *
 * Everything is in log-odds. The combination is a small logistic model whose parameters are LEARNED
 * (combiner.ts, fitted on out-of-source model scores by `npm run train`, stored in the model file):
 *
 *   z = bias[domain] + modelCoef[domain] * clip(modelLogit) + sum_i decay_i * coef[signal_i] * weight_i
 *
 * Each detector's hand-set weight is its prior; the learned coefficient (prior 1) scales it where the
 * labelled data says a detector over- or under-states its case, and leaves it alone where the data is
 * silent (marketplace and romance scams have no labelled data at all). `domain` is short (SMS / chat) or
 * long (e-mail-like) text, so each has its own calibration.
 *
 * The rules that follow the learned score (a warning sign keeps the verdict out of green, an opener with no
 * ask is Suspicious, the caps) are the score policy, in policy.ts.
 */
import type { CombinerParams } from '../model/combiner-params.ts';
import type { TextDomain } from '../model/features.ts';
import type { Signal } from '../signal.ts';

export { PRIOR_COMBINER, type CombinerParams } from '../model/combiner-params.ts';

/** Log-odds of a scam before any evidence when no text model is loaded. */
export const NO_MODEL_PRIOR = -1.6;
export const MODEL_CLIP = 6;
/** Later detectors add less than earlier ones: several phrasings of one scam are not independent evidence. */
export const DECAY = [1, 0.85, 0.7, 0.6, 0.5, 0.45, 0.4] as const;
const DECAY_TAIL = 0.35;
/** A shown reason at or above this effective weight is a warning sign (severity medium or high). */
export const WARNING_WEIGHT = 1.5;

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
export const logit = (p: number): number => Math.log(p / (1 - p));

/** A signal's weight after the learned coefficient: what it really contributes. */
export function effectiveWeight(s: Pick<Signal, 'id' | 'weight'>, params: CombinerParams): number {
  return s.weight * (params.signalCoef[s.id] ?? 1);
}

/** The decay-weighted contribution of each signal, in the order they are summed (for the learner too). */
export function signalTerms(signals: readonly Pick<Signal, 'id' | 'weight'>[]): { id: string; x: number }[] {
  const positive = signals.filter((s) => s.weight > 0).sort((a, b) => b.weight - a.weight);
  const out = positive.map((s, i) => ({ id: s.id, x: s.weight * (DECAY[i] ?? DECAY_TAIL) }));
  for (const s of signals) if (s.weight < 0) out.push({ id: s.id, x: s.weight });
  return out;
}

export interface CombineInput {
  modelLogit: number | null;
  domain: TextDomain;
  signals: readonly Signal[];
  params: CombinerParams;
  tokenCount: number;
}

export interface Combined {
  /** The learned combination as a 0-100 score, before the score policy (policy.ts). */
  riskScore: number;
}

const scoreOf = (z: number): number => Math.max(0, Math.min(100, Math.round(sigmoid(z) * 100)));

/**
 * The learned combination, term by term (docs/engine.md, "How a score is made"): the score the model alone
 * gives (`start`), then each signal's points, the score after its decayed term minus the score before it, in the
 * order the terms are summed. The points telescope: start plus all points is exactly `combine`'s score.
 */
export function tally(input: CombineInput): { start: number; points: number[]; riskScore: number } {
  const { params, domain, signals } = input;
  let z =
    input.modelLogit === null
      ? NO_MODEL_PRIOR
      : params.bias[domain] + params.modelCoef[domain] * Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, input.modelLogit));
  const start = scoreOf(z);
  const points = signals.map(() => 0);
  const indexed = signals.map((s, i) => ({ s, i }));
  const order = indexed.filter(({ s }) => s.weight > 0).sort((a, b) => b.s.weight - a.s.weight);
  const terms = order.map(({ s, i }, k) => ({ i, id: s.id, x: s.weight * (DECAY[k] ?? DECAY_TAIL) }));
  for (const { s, i } of indexed) if (s.weight < 0) terms.push({ i, id: s.id, x: s.weight });
  let before = start;
  for (const t of terms) {
    z += t.x * (params.signalCoef[t.id] ?? 1);
    const after = scoreOf(z);
    points[t.i] = (points[t.i] ?? 0) + after - before;
    before = after;
  }
  return { start, points, riskScore: before };
}

/** The learned combination alone; the caps and floors that follow it are the score policy (policy.ts). */
export function combine(input: CombineInput): Combined {
  const { params, domain } = input;
  const terms = signalTerms(input.signals);
  let z =
    input.modelLogit === null
      ? NO_MODEL_PRIOR
      : params.bias[domain] + params.modelCoef[domain] * Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, input.modelLogit));
  for (const t of terms) z += t.x * (params.signalCoef[t.id] ?? 1);
  return { riskScore: Math.max(0, Math.min(100, Math.round(sigmoid(z) * 100))) };
}
