import type { RiskBand } from '@redflag/contracts/constants';
import type { ReasonDetail } from '@redflag/contracts/scan';

/**
 * How a reason reads beside its verdict. A warning raises the risk on a red or amber verdict; on a green
 * verdict the same reason is only "worth watching" (shown, never hidden, but not as an alarm); reassuring
 * reasons lowered the risk; context says something neutral ("little to go on"). The result card groups
 * reasons by it (features/scans) and the history list marks them by it (features/dashboard).
 */
export type ReasonTone = 'warning' | 'watch' | 'reassuring' | 'context';

/** The tone of one reason on a verdict of this band. */
export function reasonTone(reason: Pick<ReasonDetail, 'weight' | 'severity'>, band: RiskBand): ReasonTone {
  // A weight of 0 is a reason that did not move the score; its severity says whether it is a warning sign.
  const raises =
    reason.weight > 0 || (reason.weight === 0 && (reason.severity === 'high' || reason.severity === 'medium'));
  if (raises) return band === 'legitimate' ? 'watch' : 'warning';
  return reason.weight < 0 ? 'reassuring' : 'context';
}
