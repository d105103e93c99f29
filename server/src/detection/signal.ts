/**
 * What every detector hands the engine: one finding with its hand-set weight, the scam types it votes for
 * and the tags that say what it is about. A leaf module (docs/architecture.md, "Detection"): rules/, url/,
 * phone/, email/, model/ and the pipeline files all import it, and it imports nothing of the engine but the
 * tag list below it.
 */
import type { ReasonDetail, ScamType } from '@redflag/contracts/scan';
import type { SignalId } from './rules/signal-ids.ts';
import type { RuleTag } from './rules/tags.ts';

export interface Signal extends ReasonDetail {
  /** Which finding it is: one of the closed list (rules/signal-ids.ts). */
  id: SignalId;
  /** Scam-type votes, multiplied by the signal's weight when the type is picked. */
  types?: Partial<Record<ScamType, number>>;
  tags?: readonly RuleTag[];
}

export const severityOf = (w: number): 'high' | 'medium' | 'low' | 'info' =>
  w >= 2 ? 'high' : w >= 1 ? 'medium' : w > 0 ? 'low' : 'info';
export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The larger vote of each type in either set. */
export function mergeMax(
  a: Partial<Record<ScamType, number>>,
  b: Partial<Record<ScamType, number>>,
): Partial<Record<ScamType, number>> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b) as [ScamType, number][]) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}
