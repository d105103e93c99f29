import type { PublicConfig } from '@redflag/contracts/config';

export interface AccuracyClaim {
  /** e.g. "99.4%" */
  figure: string;
  dataset: string;
  engineName: string;
}

/**
 * docs/design.md §3.4: the accuracy on the landing page is the engine's measured figure with its dataset,
 * never a typed-in number. Rounded down to one decimal so the page never claims more than was measured.
 */
export function accuracyClaim(engine: PublicConfig['engine'] | undefined): AccuracyClaim | null {
  if (!engine || engine.accuracy === null || !engine.accuracyDataset) return null;
  if (!Number.isFinite(engine.accuracy) || engine.accuracy <= 0 || engine.accuracy > 1) return null;
  const tenthsOfPercent = Math.floor(engine.accuracy * 1000 + 1e-9);
  return { figure: `${(tenthsOfPercent / 10).toFixed(1)}%`, dataset: engine.accuracyDataset, engineName: engine.name };
}
