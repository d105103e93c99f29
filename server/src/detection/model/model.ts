/**
 * The trained text model: logistic regression over hashed n-grams (see features.ts), stored as int8
 * weights in model.json next to this file. Loading is a base64 decode of ~1 MB, a few milliseconds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CombinerParams } from './combiner-params.ts';
import { dotFolded, FEATURE_BITS, featurize, textDomain, type Features, type TextDomain } from './features.ts';

export const MODEL_FORMAT = 'redflag-lr-int8-v1';

export const modelFileSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.string(),
  trainedAt: z.string(),
  featureBits: z.number().int(),
  bias: z.number(),
  /** Multiply an int8 weight by this to get the real weight. */
  scale: z.number(),
  /** Platt calibration of the raw logit, fitted on the validation split: p = sigmoid(a * logit + b). */
  calibration: z.object({ a: z.number(), b: z.number() }),
  /** Per text domain (features.ts textDomain), used instead of `calibration` when present. */
  calibrationByDomain: z
    .object({ short: z.object({ a: z.number(), b: z.number() }), long: z.object({ a: z.number(), b: z.number() }) })
    .optional(),
  /** Features carry a per-domain copy (features.ts domainFeatures). */
  domainFeatures: z.boolean().optional(),
  weights: z.string(),
  trainedOn: z.record(z.string(), z.number()).optional(),
  /** Which model class this is (classifiers.ts); all score the same way. */
  modelClass: z.string().optional(),
  /** The learned combiner (score/combine.ts), fitted with this model's out-of-source scores. */
  combiner: z
    .object({
      bias: z.object({ short: z.number(), long: z.number() }),
      modelCoef: z.object({ short: z.number(), long: z.number() }),
      signalCoef: z.record(z.string(), z.number()),
    })
    .optional(),
});
export type ModelFile = z.infer<typeof modelFileSchema>;

export interface TextModel {
  version: string;
  /** Calibrated log-odds that the text is a scam. */
  logit(text: string): number;
  /** Same, from text already folded with text/normalize.ts `fold` (saves folding twice). */
  logitFolded(folded: string): number;
  /** The combiner learned together with this model, when the file has one. */
  combiner?: CombinerParams | undefined;
  /** The model class it was trained as (classifiers.ts), when the file says. */
  modelClass?: string | undefined;
}

export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./model.json', import.meta.url));

export function modelFromWeights(
  version: string,
  weights: Int8Array | Float32Array,
  bias: number,
  scale: number,
  calibration: { a: number; b: number },
  extra: {
    calibrationByDomain?: Record<TextDomain, { a: number; b: number }> | undefined;
    domainFeatures?: boolean | undefined;
    combiner?: CombinerParams | undefined;
    modelClass?: string | undefined;
  } = {},
): TextModel {
  const featureOpts = { domainFeatures: extra.domainFeatures ?? false };
  const calibrated = (z: number, domain: TextDomain): number => {
    const raw = z * scale + bias;
    const cal = extra.calibrationByDomain?.[domain] ?? calibration;
    return cal.a * raw + cal.b;
  };
  const score = ({ idx, val }: Features, domain: TextDomain): number => {
    let z = 0;
    for (let i = 0; i < idx.length; i++) z += (weights[idx[i] ?? 0] ?? 0) * (val[i] ?? 0);
    return calibrated(z, domain);
  };
  return {
    version,
    combiner: extra.combiner,
    modelClass: extra.modelClass,
    logit: (text: string): number => score(featurize(text, featureOpts), textDomain(text)),
    logitFolded: (folded: string): number => calibrated(dotFolded(folded, weights, featureOpts), textDomain(folded)),
  };
}

export function modelFromFile(file: ModelFile): TextModel {
  if (file.featureBits !== FEATURE_BITS)
    throw new Error(`model has ${file.featureBits} feature bits, code expects ${FEATURE_BITS}`);
  const buf = Buffer.from(file.weights, 'base64');
  const weights = new Int8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  return modelFromWeights(file.version, weights, file.bias, file.scale, file.calibration, {
    calibrationByDomain: file.calibrationByDomain,
    domainFeatures: file.domainFeatures,
    combiner: file.combiner,
    modelClass: file.modelClass,
  });
}

let cached: TextModel | null | undefined;

/**
 * The shipped model, loaded once. Null when the file is absent or unreadable: the engine then runs on
 * its detectors alone and says so through a lower confidence, rather than failing every scan.
 */
export function loadDefaultModel(): TextModel | null {
  if (cached !== undefined) return cached;
  try {
    const parsed = modelFileSchema.parse(JSON.parse(readFileSync(DEFAULT_MODEL_PATH, 'utf8')));
    cached = modelFromFile(parsed);
  } catch {
    cached = null;
  }
  return cached;
}

/** For tests and training: replace the process-wide model. */
export function setDefaultModel(model: TextModel | null): void {
  cached = model;
}
