import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../api/auth-client';

/**
 * The last step of a change of address (decision 132): the link mailed to the new address lands with a token,
 * and the change is made only when the same person proves the account too, with its password or a code
 * mailed to its current address (POST /api/auth/change-email/finish). better-auth's own routes, called
 * through its client.
 */
export interface PendingEmailChange {
  newEmail: string;
  hasPassword: boolean;
}

async function unwrap<T>(call: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw error;
  if (data === null) throw new Error('No answer');
  return data;
}

export function usePendingEmailChange(token: string) {
  return useQuery({
    queryKey: ['email-change', token],
    queryFn: () =>
      unwrap(authClient.$fetch<PendingEmailChange>('/change-email/pending', { method: 'GET', query: { token } })),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSendEmailChangeCode() {
  return useMutation({
    mutationFn: (token: string) =>
      unwrap(authClient.$fetch<{ status: boolean }>('/change-email/send-code', { method: 'POST', body: { token } })),
  });
}

export function useFinishEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string } & ({ password: string } | { code: string })) =>
      unwrap(
        authClient.$fetch<{ status: boolean; email: string }>('/change-email/finish', { method: 'POST', body: input }),
      ),
    // The address, the session (this browser is signed in to the account now) and everything shown with it.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
