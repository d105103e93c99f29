import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import { toast } from '@/components/ui/use-toast';
import { convertTrial, invalidateAfterConversion } from '../api/convert-trial';
import { useScanUsage } from '../api/get-scan-usage';
import { useTrialStatus } from '../api/get-trial-status';

/** product-spec.md section 9: auto-convert delay and reload. */
export const AUTO_CONVERT_DELAY_MS = 1000;
export const RELOAD_AFTER_MS = 2000;

export type ConversionOutcome = { success: true; message: string } | { success: false; message: string };

/**
 * Converts a trial to paid Premium (product-spec.md sections 4 and 8), with the spec's toasts. The server
 * decides and charges; this only asks. Used two ways:
 *   - automatically (dashboard / scan page): `useAutoConvert({ enabled })` tries once, 1 s after status
 *     data loads, when the trial time is over or 5 scans are used; on success toasts and reloads after 2 s,
 *     on failure only logs;
 *   - on demand before a scan at the limit: `const { convertNow } = useAutoConvert(...)`; `await convertNow()`
 *     shows 'Converting to Premium', then 'Premium Activated!' or 'Conversion Failed' / 'Conversion Error'.
 */
export function useAutoConvert({ enabled, isPremium, isTrialing }: { enabled: boolean; isPremium: boolean; isTrialing: boolean }) {
  const queryClient = useQueryClient();
  const eligible = enabled && isTrialing && !isPremium;
  const usage = useScanUsage({ enabled: eligible });
  const trial = useTrialStatus({ enabled: eligible });
  const attempted = useRef(false);

  const due = eligible && Boolean(trial.data?.isExpired || (usage.data && usage.data.scanCount >= TRIAL_SCAN_LIMIT));

  useEffect(() => {
    if (!due || attempted.current) return;
    attempted.current = true;
    const timer = window.setTimeout(async () => {
      try {
        const result = await convertTrial();
        await invalidateAfterConversion(queryClient);
        if (result.success) {
          toast({
            title: 'Premium Activated!',
            description: trial.data?.isExpired
              ? 'Your trial is complete. You now have unlimited access.'
              : `You've completed your ${TRIAL_SCAN_LIMIT} trial scans. You now have unlimited access.`,
          });
          window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
        } else {
          console.warn('Automatic trial conversion failed:', result.message);
        }
      } catch (error) {
        console.warn('Automatic trial conversion failed:', error);
      }
    }, AUTO_CONVERT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due, queryClient, trial.data?.isExpired]);

  const convertNow = useCallback(async (): Promise<ConversionOutcome> => {
    toast({ title: 'Converting to Premium', description: 'Upgrading your account automatically...' });
    try {
      const result = await convertTrial();
      await invalidateAfterConversion(queryClient);
      if (result.success) {
        toast({ title: 'Premium Activated!', description: 'You now have unlimited access. Processing your scan...' });
        return { success: true, message: result.message };
      }
      const message = result.message || 'Failed to convert trial to paid subscription.';
      toast({ variant: 'destructive', title: 'Conversion Failed', description: message });
      return { success: false, message };
    } catch {
      toast({ variant: 'destructive', title: 'Conversion Error', description: 'There was an issue converting your trial. Please try again.' });
      return { success: false, message: 'There was an issue converting your trial. Please try again.' };
    }
  }, [queryClient]);

  return { due, convertNow, usage: usage.data, trialStatus: trial.data };
}
