import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@redflag/contracts/contact';
import { apiRequest } from '@/lib/api';

/** POST /api/contact: any OK answer is success (docs/product.md §7). */
export const sendContact = (body: ContactRequest) => apiRequest('sendContact', { body });

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
