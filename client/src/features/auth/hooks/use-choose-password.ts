import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { authClient } from '../api/auth-client';

/**
 * POST /api/auth/reset-password with the one-time token a verification link landed with (decision 107):
 * sets the account's password, under the server's password rules. The session the link opened stays.
 * The error stays on the mutation for the form to show inline.
 */
export function useChoosePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      const { error } = await authClient.resetPassword({ token: input.token, newPassword: input.password });
      if (error) throw error;
    },
    // The account page's sign-in methods now include the password.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods }),
  });
}
