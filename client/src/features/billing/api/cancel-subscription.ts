import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/billing/cancel: stops renewal now (a trial ends without a charge, a paid month runs out). The
 * account page's delete flow calls it before deleting; the cancellation mail goes out from the server.
 */
export const cancelSubscription = () => apiRequest('cancelSubscription');

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (plan) => queryClient.setQueryData(queryKeys.plan, plan),
  });
}
