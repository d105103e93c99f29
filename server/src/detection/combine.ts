/**
 * Turns the text model's log-odds and the detectors' weights into one risk score, a confidence and a
 * scam type. Everything is in log-odds: the model's calibrated logit plus detector weights, squashed
 * with a sigmoid, so the score reads as a probability (riskScore 70 ~ "70% of messages like this are
 * scams"), which is what the bands of @redflag/contracts/constants assume.
 */
import type { ReasonDetail, ScamType } from '@redflag/contracts/scan';

export interface Signal extends ReasonDetail {
  /** Scam-type votes (already multiplied by the signal's weight by the caller if wanted). */
  types?: Partial<Record<ScamType, number>>;
  tags?: string[];
}

/** Log-odds of a scam before any evidence when no text model is loaded. */
export const NO_MODEL_PRIOR = -1.6;
/** Model log-odds are clipped so a confident model can still be overruled by strong detectors. */
export const MODEL_CLIP_LOW = -5;
export const MODEL_CLIP_HIGH = 5;
/** Later detectors add less than earlier ones: several phrasings of one scam are not independent evidence. */
const DECAY = [1, 0.85, 0.7, 0.6, 0.5, 0.45, 0.4];

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
export const logit = (p: number): number => Math.log(p / (1 - p));

export interface CombineInput {
  modelLogit: number | null;
  signals: readonly Signal[];
  /** Local marketplace chat with no detector firing: the model never saw marketplace chat, so it may not decide alone. */
  capModelOnly: boolean;
  tokenCount: number;
}

export interface Combined {
  z: number;
  riskScore: number;
  confidence: number;
  probability: number;
}

export function combine(input: CombineInput): Combined {
  const positive = input.signals.filter((s) => s.weight > 0).map((s) => s.weight).sort((a, b) => b - a);
  const negative = input.signals.filter((s) => s.weight < 0).reduce((acc, s) => acc + s.weight, 0);
  let evidence = 0;
  positive.forEach((w, i) => {
    evidence += w * (DECAY[i] ?? 0.35);
  });
  // The model learnt "conversational" as "safe" from 2011 SMS; modern scams are conversational, so once
  // detectors find solid evidence the model's negative vote is capped and cannot veto them.
  const low = evidence >= 2.5 ? -2 : evidence >= 1.2 ? -3.5 : MODEL_CLIP_LOW;
  const base = input.modelLogit === null ? NO_MODEL_PRIOR : Math.max(low, Math.min(MODEL_CLIP_HIGH, input.modelLogit));
  let z = base + evidence + negative;
  if (input.capModelOnly && positive.length === 0) z = Math.min(z, logit(0.3));
  const probability = sigmoid(z);
  const riskScore = Math.max(0, Math.min(100, Math.round(probability * 100)));
  // Confidence grows with distance from the 50% line and with how much there was to go on: a three-word
  // message with no detector firing is "probably fine, but we cannot say much".
  const decisiveness = Math.abs(2 * probability - 1);
  const amount = Math.min(1, 0.25 + input.tokenCount / 40 + 0.2 * positive.length + (input.modelLogit === null ? -0.2 : 0.1));
  const confidence = Math.round(Math.max(0.2, Math.min(0.98, 0.3 + 0.68 * decisiveness * Math.max(0, amount))) * 100) / 100;
  return { z, riskScore, confidence, probability };
}

/** The scam type with the most weighted votes, or null when the message is not risky. */
export function pickScamType(signals: readonly Signal[], riskScore: number, hasLinks: boolean): ScamType | null {
  if (riskScore < 40) return null;
  const votes = new Map<ScamType, number>();
  for (const s of signals) {
    if (s.weight <= 0 || !s.types) continue;
    for (const [type, v] of Object.entries(s.types) as [ScamType, number][]) votes.set(type, (votes.get(type) ?? 0) + v * s.weight);
  }
  let best: ScamType | null = null;
  let bestVotes = 0;
  for (const [type, v] of votes) {
    if (v > bestVotes) {
      best = type;
      bestVotes = v;
    }
  }
  if (best) return best;
  return hasLinks ? 'phishing' : 'other';
}
