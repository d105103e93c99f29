import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@redflag/contracts/auth';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/auth/change-email (better-auth): a verified account confirms from its current address, then
 * verifies the new one, and the address changes when the person who opens that second link also proves the
 * account (its password, or a code sent to the current address; decision 132). An unverified account
 * changes at once and the new address gets a verification link. The answer does not say which happened,
 * so the user record is read again: `changedNow` tells the form what to say.
 */
export async function changeEmail(body: ChangeEmailBody & { currentEmail: string }): Promise<{ changedNow: boolean }> {
  const { currentEmail, ...request } = body;
  await apiRequest('changeEmail', { body: request });
  const user = await apiRequest('getAuthUser');
  return { changedNow: user.email.toLowerCase() !== currentEmail.toLowerCase() };
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: async ({ changedNow }) => {
      if (changedNow) await queryClient.invalidateQueries();
    },
  });
}
