import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getSubscriptionStatus = () => apiRequest('getSubscriptionStatus');

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptionStatus,
  queryFn: getSubscriptionStatus,
});

export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions, enabled });
}
