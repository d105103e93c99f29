/**
 * The learned combination's parameters (score/combine.ts), stored in the model file beside the text model and
 * fitted by training/combiner.ts. Here, below both, so the model loader and the combination share one type.
 */
import type { TextDomain } from './features.ts';

export interface CombinerParams {
  bias: Record<TextDomain, number>;
  modelCoef: Record<TextDomain, number>;
  /** Learned multiplier per signal id; absent = 1 (the hand-set weight stands). */
  signalCoef: Record<string, number>;
}

/** Before any training: the model's calibrated logit plus the detectors' weights, as they were set. */
export const PRIOR_COMBINER: CombinerParams = {
  bias: { short: 0, long: 0 },
  modelCoef: { short: 1, long: 1 },
  signalCoef: {},
};
