import type { CheckoutSessionResponse } from '@redflag/contracts/billing';
import { ApiError } from '@/lib/api';

/**
 * POST /api/create-checkout-session (no body, JSON content type; the session cookie authenticates it).
 * The spec's texts: 'Failed to create checkout session: {status} - {body}' and 'No checkout URL received
 * from server'. The HTTP status is kept on the error for the caller.
 */
export async function createCheckoutSession(): Promise<string> {
  const res = await fetch('/api/create-checkout-session', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new ApiError({ status: res.status, code: `HTTP_${res.status}`, message: `Failed to create checkout session: ${res.status} - ${body}` });
  }
  const data = (await res.json().catch(() => ({}))) as Partial<CheckoutSessionResponse>;
  if (!data.checkout_url) throw new Error('No checkout URL received from server');
  return data.checkout_url;
}
