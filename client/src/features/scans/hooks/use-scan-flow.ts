import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { ScanRequest, StoredScan } from '@redflag/contracts/scan';
import { useCallback, useRef, useState } from 'react';
import { track } from '@/lib/analytics';
import { classifyError, type ClassifiedError } from '@/lib/errors';
import { useCreateScan } from '../api/create-scan';
import { verdictEvent } from '../utils/result-format';
import { toScanRequest, type ScanSubmission } from '../utils/scan-request';

export type { ScanSubmission };

export type PremiumFeature = 'phone' | 'email';
/** What each Premium feature is called in the upgrade dialogs. */
export const PREMIUM_FEATURE_NAMES: Record<PremiumFeature, string> = {
  phone: 'Phone number verification',
  email: 'Email verification',
};

export type ScanDialog =
  | { kind: 'none' }
  | { kind: 'error'; error: ClassifiedError }
  | { kind: 'upgrade'; feature: PremiumFeature | null }
  | { kind: 'trial_limit' }
  | { kind: 'trial_expired' };

const NO_DIALOG: ScanDialog = { kind: 'none' };

/** The plan facts the scan flow needs; the app composes them from the trial feature. */
export interface ScanFlowPlan {
  /** The session's flag; scan usage saying `unlimited` (right after a conversion) also counts. */
  isPremium: boolean;
  usage: { scanCount: number; maxScans: number; unlimited: boolean } | undefined;
  trialExpired: boolean;
  /** On the trial (Premium's, started with a card): phone and e-mail checks come with its scans (docs/design.md §4). */
  isTrialing: boolean;
}

export interface ScanFlowOptions {
  plan: ScanFlowPlan;
  /** Called after a scan was stored and shown, e.g. to drop the pending analysis. */
  onScanned?: (scan: StoredScan) => void;
}

/**
 * The scan submission of docs/product.md §4 for a signed-in user: premium gating of phone and
 * e-mail, the scan itself, analytics, and the failure handling of section 8 as dialog state. The server
 * decides every entitlement; this only picks what to show. At the trial's scan limit nothing converts by
 * itself: the server answers 403 SCAN_LIMIT_REACHED and the trial-limit dialog asks (decision 041).
 */
export function useScanFlow({ plan, onScanned }: ScanFlowOptions) {
  const scan = useCreateScan();
  const [dialog, setDialog] = useState<ScanDialog>(NO_DIALOG);
  // The scan refused at the trial's limit, run if the user activates Premium in the trial-limit dialog.
  const pendingRequest = useRef<ScanRequest | null>(null);

  const { usage } = plan;
  const isPremium = plan.isPremium || usage?.unlimited === true;
  const atLimit = !isPremium && usage !== undefined && usage.scanCount >= (usage.maxScans || TRIAL_SCAN_LIMIT);
  const trialExpired = !isPremium && plan.trialExpired;
  // Phone and e-mail verification: Premium and the running trial; the server's canVerify decides.
  const canVerify = isPremium || (plan.isTrialing && !trialExpired);
  const blockedLabel = trialExpired
    ? atLimit
      ? 'COMPLETE SETUP TO SCAN MORE'
      : 'TRIAL EXPIRED - COMPLETE SETUP'
    : null;

  const runScan = useCallback(
    (request: ScanRequest) => {
      track('scan_initiated', {
        platform: request.platform || undefined,
        hasPhone: Boolean(request.phoneNumber),
        hasEmail: Boolean(request.email),
      });
      scan.mutate(request, {
        onSuccess: (result) => {
          const props = {
            riskScore: result.riskScore,
            scamType: result.scamType ?? undefined,
            platform: result.platform ?? undefined,
          };
          track('scan_completed', props);
          track(verdictEvent(result.riskScore), props);
          onScanned?.(result);
        },
        onError: (error) => {
          const classified = classifyError(error);
          if (classified.kind === 'scan_limit') {
            // The sixth scan of a trial: ask (amount, card, date) instead of charging (decision 041).
            pendingRequest.current = request;
            setDialog({ kind: 'trial_limit' });
            return;
          }
          if (classified.kind === 'premium_required') {
            const feature: PremiumFeature = request.phoneNumber ? 'phone' : 'email';
            track('premium_feature_attempt', { feature });
            setDialog({ kind: 'upgrade', feature });
            return;
          }
          setDialog({ kind: 'error', error: classified });
        },
      });
    },
    [scan, onScanned],
  );

  const submit = useCallback(
    (submission: ScanSubmission) => {
      if (scan.isPending) return;
      const request = toScanRequest(submission);
      if (!canVerify && (request.phoneNumber || request.email)) {
        const feature: PremiumFeature = request.phoneNumber ? 'phone' : 'email';
        track('premium_feature_attempt', { feature });
        // Activating Premium from the dialog runs this scan, number and address included.
        pendingRequest.current = request;
        setDialog({ kind: 'upgrade', feature });
        return;
      }
      if (trialExpired) {
        pendingRequest.current = request;
        setDialog({ kind: 'trial_expired' });
        return;
      }
      runScan(request);
    },
    [scan.isPending, canVerify, trialExpired, runScan],
  );

  /** After the trial's conversion (trial-limit or upgrade dialog): run the scan that was waiting, if any. */
  const onPremiumActivated = useCallback(() => {
    setDialog(NO_DIALOG);
    const waiting = pendingRequest.current;
    pendingRequest.current = null;
    if (waiting) runScan(waiting);
  }, [runScan]);

  const closeDialog = useCallback(() => {
    pendingRequest.current = null;
    setDialog(NO_DIALOG);
  }, []);

  /** The error dialog's Try Again: the spec's retry per failure (section 8). */
  const retry = useCallback(() => {
    if (dialog.kind !== 'error') return;
    if (dialog.error.kind === 'trial_expired') setDialog({ kind: 'trial_expired' });
    else if (dialog.error.kind === 'scan_limit') setDialog({ kind: 'upgrade', feature: null });
    else {
      setDialog(NO_DIALOG);
      scan.reset();
    }
  }, [dialog, scan]);

  return {
    submit,
    onPremiumActivated,
    closeDialog,
    retry,
    dialog,
    result: scan.data ?? null,
    isScanning: scan.isPending,
    isPremium,
    canVerify,
    blockedLabel,
    trialExpired,
  };
}

export type ScanFlow = ReturnType<typeof useScanFlow>;
