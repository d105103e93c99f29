import { track } from '@/lib/analytics';
import { openAuthModal } from '@/lib/ui-store';
import { PLATFORMS } from '@redflag/contracts/platforms';
import { storage } from '@/lib/storage-keys';
import { savePendingAnalysis } from './pending-analysis';
import type { ScanPayload } from './scan-form';

/**
 * A signed-out visitor pressed ANALYZE FOR SCAMS (docs/product.md §4): keep what they typed so it
 * can be restored after sign-in, mark the sign-up as coming from the analyzer, and open the auth dialog.
 */
export function keepAnalysisAndAskToSignIn(payload: ScanPayload): void {
  savePendingAnalysis(storage, payload);
  const platform = PLATFORMS.find((p) => p.value === payload.platform)?.value;
  track('scan_attempt_unauthenticated', {
    platform,
    hasPhone: Boolean(payload.phoneNumber),
    hasEmail: Boolean(payload.email),
  });
  openAuthModal('signup');
}
