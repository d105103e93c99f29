import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { CONVERSION_DEPENDENT_KEYS, invalidateKeys } from '@/lib/query-keys';

/** POST /api/convert-trial: ends the trial now and charges the card on file. */
export const convertTrial = () => apiRequest('convertTrial');

/** GET /api/check-trial-conversion: says whether the trial is due for the user's decision; never converts. */
export const checkTrialConversion = () => apiRequest('checkTrialConversion');

export function useConvertTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertTrial,
    // After any conversion (docs/product.md §4): plan, trial status, subscription status and the user.
    onSettled: () => invalidateKeys(queryClient, CONVERSION_DEPENDENT_KEYS),
  });
}
