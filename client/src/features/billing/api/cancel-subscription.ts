import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@redflag/contracts/billing';
import { api } from '@/lib/api';
import { PLAN_KEY } from './get-plan';

/**
 * POST /api/billing/cancel: stops renewal now (a trial ends without a charge, a paid month runs out). The
 * account page's delete flow calls it before deleting; the cancellation mail goes out from the server.
 */
export const cancelSubscription = () => api.post<Plan>('/api/billing/cancel');

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (plan) => queryClient.setQueryData(PLAN_KEY, plan),
  });
}
