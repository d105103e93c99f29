import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/account/delete { confirmEmail }: 200 { deleted: true }; 422 when the e-mail does not match;
 * 409 while a subscription would still bill (the dialog cancels it first). The server's message is shown.
 */
export const deleteAccount = (confirmEmail: string) => apiRequest('deleteAccount', { body: { confirmEmail } });

export function useDeleteAccount({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: onDeleted });
}
