import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@redflag/contracts/auth';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/auth/change-password (better-auth): checks the current password, applies the server's password
 * rules (weak_password) and, with revokeOtherSessions, signs every other device out.
 */
export const changePassword = (body: ChangePasswordBody) => apiRequest('changePassword', { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
