import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusResponse } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

export const SUBSCRIPTION_STATUS_KEY = ['/api/stripe/subscription-status'] as const;

export const getSubscriptionStatus = () => api.get<SubscriptionStatusResponse>('/api/stripe/subscription-status');

export const subscriptionStatusQueryOptions = queryOptions({ queryKey: SUBSCRIPTION_STATUS_KEY, queryFn: getSubscriptionStatus });

export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions, enabled });
}
