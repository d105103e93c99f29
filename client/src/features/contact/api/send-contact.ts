import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@redflag/contracts/contact';
import { api } from '@/lib/api';

/** POST /api/contact: any OK answer is success (product-spec.md section 7). */
export function sendContact(input: ContactRequest): Promise<ContactResponse> {
  return api.post<ContactResponse>('/api/contact', input);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
