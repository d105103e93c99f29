import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForwardingAddress } from '@redflag/contracts/inbound';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/forwarding-address: the account's private address for forwarding e-mails to check (made on first read). */
export const getForwardingAddress = (): Promise<ForwardingAddress> => apiRequest('getForwardingAddress');

/** POST /api/forwarding-address/renew: a new address; the old one stops working. */
export const renewForwardingAddress = (): Promise<ForwardingAddress> =>
  apiRequest('renewForwardingAddress', { body: {} });

/**
 * The whole address comes only in the answer that made it (a later read names it by its start), so the
 * query is never refetched on its own: the address stays on screen while the page is open.
 */
export function useForwardingAddress() {
  return useQuery({ queryKey: queryKeys.forwardingAddress, queryFn: getForwardingAddress, staleTime: Infinity });
}

export function useRenewForwardingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.forwardingAddress, 'renew'],
    mutationFn: renewForwardingAddress,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.forwardingAddress, data),
  });
}
