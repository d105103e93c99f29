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
 * Two rules of consistency follow the learned score (decision 014): a warning sign that is shown keeps the
 * verdict out of green, and an opener with no ask yet is "Suspicious", never safe.
 */
import type { ReasonDetail } from '@redflag/contracts/scan';
import type { ScamType } from '@redflag/contracts/scan';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { TextDomain } from './model/features.ts';

export interface Signal extends ReasonDetail {
  /** Scam-type votes, multiplied by the signal's weight when the type is picked. */
  types?: Partial<Record<ScamType, number>>;
  tags?: string[];
}

export interface CombinerParams {
  bias: Record<TextDomain, number>;
  modelCoef: Record<TextDomain, number>;
  /** Learned multiplier per signal id; absent = 1 (the hand-set weight stands). */
  signalCoef: Record<string, number>;
}

/** Before any training: the model's calibrated logit plus the detectors' weights, as they were set. */
export const PRIOR_COMBINER: CombinerParams = { bias: { short: 0, long: 0 }, modelCoef: { short: 1, long: 1 }, signalCoef: {} };

/** Log-odds of a scam before any evidence when no text model is loaded. */
export const NO_MODEL_PRIOR = -1.6;
export const MODEL_CLIP = 6;
/** Later detectors add less than earlier ones: several phrasings of one scam are not independent evidence. */
export const DECAY = [1, 0.85, 0.7, 0.6, 0.5, 0.45, 0.4] as const;
const DECAY_TAIL = 0.35;
/** A shown reason at or above this effective weight is a warning sign (severity medium or high). */
export const WARNING_WEIGHT = 1.5;
/** Where an opener with no ask lands: inside the Suspicious band. */
export const OPENER_FLOOR = 45;

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
  riskScore: number;
  confidence: number;
  /** Why the score was raised to a floor, if it was: 'warning' or 'opener'. */
  floor: 'warning' | 'opener' | null;
}

export function combine(input: CombineInput): Combined {
  const { params, domain } = input;
  const terms = signalTerms(input.signals);
  let z = input.modelLogit === null ? NO_MODEL_PRIOR : params.bias[domain] + params.modelCoef[domain] * Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, input.modelLogit));
  for (const t of terms) z += t.x * (params.signalCoef[t.id] ?? 1);
  let riskScore = Math.max(0, Math.min(100, Math.round(sigmoid(z) * 100)));
  let floor: Combined['floor'] = null;
  const warnings = input.signals.filter((s) => effectiveWeight(s, params) >= WARNING_WEIGHT);
  if (riskScore < RISK_BAND_SUSPICIOUS && warnings.length) {
    riskScore = RISK_BAND_SUSPICIOUS;
    floor = 'warning';
  }
  const opener = input.signals.some((s) => s.tags?.includes('opener') || s.tags?.includes('family') || s.tags?.includes('romance'));
  if (opener && riskScore < OPENER_FLOOR) {
    riskScore = OPENER_FLOOR;
    floor = 'opener';
  }
  const p = riskScore / 100;
  // Confidence grows with distance from the 50% line and with how much there was to go on: a three-word
  // message with no detector firing is "probably fine, but we cannot say much".
  const positives = terms.filter((t) => t.x > 0).length;
  const decisiveness = Math.abs(2 * p - 1);
  const amount = Math.min(1, 0.25 + input.tokenCount / 40 + 0.2 * positives + (input.modelLogit === null ? -0.2 : 0.1));
  let confidence = Math.max(0.2, Math.min(0.98, 0.3 + 0.68 * decisiveness * Math.max(0, amount)));
  // A floored score is a judgement call, not a measurement: say so.
  if (floor) confidence = Math.min(confidence, 0.6);
  return { riskScore, confidence: Math.round(confidence * 100) / 100, floor };
}
