import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import type { ScanRequest, StoredScan } from '@redflag/contracts/scan';
import { useCallback, useRef, useState } from 'react';
import { track } from '@/lib/analytics';
import { useCreateScan } from '../api/create-scan';
import { verdictEvent } from '../utils/result-format';
import { classifyScanError, type ScanErrorKind } from '../utils/scan-error';
import { toScanRequest, type ScanSubmission } from '../utils/scan-request';

export type { ScanSubmission };

export type PremiumFeature = 'phone' | 'email';

export type ScanDialog =
  | { kind: 'none' }
  | { kind: 'error'; error: unknown; errorKind: ScanErrorKind }
  | { kind: 'upgrade'; feature: PremiumFeature | null }
  | { kind: 'trial_limit' }
  | { kind: 'trial_expired' };

const NO_DIALOG: ScanDialog = { kind: 'none' };

/** The plan facts and the conversion the scan flow needs; the app composes them from the trial feature. */
export interface ScanFlowPlan {
  /** The session's flag; scan usage saying `unlimited` (right after a conversion) also counts. */
  isPremium: boolean;
  usage: { scanCount: number; maxScans: number; unlimited: boolean } | undefined;
  trialExpired: boolean;
  /** Converts the trial to paid Premium, showing the spec's toasts; resolves with the outcome. */
  convertNow: () => Promise<{ success: boolean }>;
}

export interface ScanFlowOptions {
  plan: ScanFlowPlan;
  /** Called after a scan was stored and shown, e.g. to drop the pending analysis. */
  onScanned?: (scan: StoredScan) => void;
}

/**
 * The scan submission of product-spec.md section 4 for a signed-in user: premium gating of phone and
 * e-mail, automatic trial conversion at 5 scans, the scan itself, analytics, and the failure handling of
 * section 8 as dialog state. The server decides every entitlement; this only picks what to show.
 */
export function useScanFlow({ plan, onScanned }: ScanFlowOptions) {
  const scan = useCreateScan();
  const [dialog, setDialog] = useState<ScanDialog>(NO_DIALOG);
  const [converting, setConverting] = useState(false);
  // The scan waiting behind a conversion, run once premium is active (section 4, trial limit dialog).
  const pendingRequest = useRef<ScanRequest | null>(null);

  const { usage, convertNow } = plan;
  const isPremium = plan.isPremium || usage?.unlimited === true;
  const atLimit = !isPremium && usage !== undefined && usage.scanCount >= (usage.maxScans || TRIAL_SCAN_LIMIT);
  const trialExpired = !isPremium && plan.trialExpired;
  const blockedLabel = trialExpired ? (atLimit ? 'COMPLETE SETUP TO SCAN MORE' : 'TRIAL EXPIRED - COMPLETE SETUP') : null;

  const runScan = useCallback(
    (request: ScanRequest) => {
      track('scan_initiated', { platform: request.platform || undefined, hasPhone: Boolean(request.phoneNumber), hasEmail: Boolean(request.email) });
      scan.mutate(request, {
        onSuccess: (result) => {
          const props = { riskScore: result.riskScore, scamType: result.scamType ?? undefined, platform: result.platform ?? undefined };
          track('scan_completed', props);
          track(verdictEvent(result.riskScore), props);
          onScanned?.(result);
        },
        onError: (error) => {
          const errorKind = classifyScanError(error);
          if (errorKind === 'premium_required') {
            const feature: PremiumFeature = request.phoneNumber ? 'phone' : 'email';
            track('premium_feature_attempt', { feature });
            setDialog({ kind: 'upgrade', feature });
            return;
          }
          setDialog({ kind: 'error', error, errorKind });
        },
      });
    },
    [scan, onScanned],
  );

  const convert = useCallback(async (): Promise<boolean> => {
    setConverting(true);
    try {
      return (await convertNow()).success;
    } catch {
      return false;
    } finally {
      setConverting(false);
    }
  }, [convertNow]);

  const submit = useCallback(
    async (submission: ScanSubmission) => {
      if (scan.isPending || converting) return;
      const request = toScanRequest(submission);
      if (!isPremium && (request.phoneNumber || request.email)) {
        const feature: PremiumFeature = request.phoneNumber ? 'phone' : 'email';
        track('premium_feature_attempt', { feature });
        setDialog({ kind: 'upgrade', feature });
        return;
      }
      if (trialExpired) {
        pendingRequest.current = request;
        setDialog({ kind: 'trial_expired' });
        return;
      }
      if (atLimit) {
        // section 4: at 5 trial scans the trial converts to paid Premium first, then the scan runs.
        pendingRequest.current = request;
        if (!(await convert())) {
          setDialog({ kind: 'trial_limit' });
          return;
        }
        pendingRequest.current = null;
      }
      runScan(request);
    },
    [scan.isPending, converting, isPremium, trialExpired, atLimit, convert, runScan],
  );

  /** A non-premium user typing into phone or e-mail is stopped with the upgrade dialog (section 5). */
  const guardPremiumField = useCallback(
    (feature: PremiumFeature): boolean => {
      if (isPremium) return true;
      track('premium_feature_attempt', { feature });
      setDialog({ kind: 'upgrade', feature });
      return false;
    },
    [isPremium],
  );

  /** The trial limit dialog's "activate premium": convert, then run the scan that was waiting. */
  const activatePremium = useCallback(async (): Promise<{ success: boolean }> => {
    if (!(await convert())) return { success: false };
    setDialog(NO_DIALOG);
    const waiting = pendingRequest.current;
    pendingRequest.current = null;
    if (waiting) runScan(waiting);
    return { success: true };
  }, [convert, runScan]);

  const closeDialog = useCallback(() => setDialog(NO_DIALOG), []);

  /** The error dialog's Try Again: the spec's retry per failure (section 8). */
  const retry = useCallback(() => {
    if (dialog.kind !== 'error') return;
    if (dialog.errorKind === 'trial_expired') setDialog({ kind: 'trial_expired' });
    else if (dialog.errorKind === 'scan_limit') setDialog({ kind: 'upgrade', feature: null });
    else {
      setDialog(NO_DIALOG);
      scan.reset();
    }
  }, [dialog, scan]);

  return {
    submit,
    guardPremiumField,
    activatePremium,
    closeDialog,
    retry,
    dialog,
    result: scan.data ?? null,
    isScanning: scan.isPending,
    isConverting: converting,
    isPremium,
    blockedLabel,
    trialExpired,
  };
}

export type ScanFlow = ReturnType<typeof useScanFlow>;
