import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversionResponse, TrialConversionCheck } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

/** POST /api/convert-trial: ends the trial now and charges the card on file. */
export const convertTrial = () => api.post<ConversionResponse>('/api/convert-trial');

/** GET /api/check-trial-conversion: converts when due; sent one second after sign-in. */
export const checkTrialConversion = () => api.get<TrialConversionCheck>('/api/check-trial-conversion');

/** After any conversion (product-spec.md section 4): plan, trial status, subscription status and the user. */
export async function invalidateAfterConversion(queryClient: QueryClient) {
  await Promise.all(
    ['/api/users/plan', '/api/users/trial-status', '/api/stripe/subscription-status', '/api/users/scan-usage', '/api/auth/user'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}

export function useConvertTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertTrial,
    onSettled: () => invalidateAfterConversion(queryClient),
  });
}
