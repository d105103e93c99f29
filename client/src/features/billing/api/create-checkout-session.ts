import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';

/**
 * POST /api/create-checkout-session (no body, JSON content type; the session cookie authenticates it).
 * The spec's texts (docs/product.md §8): 'Failed to create checkout session: {status} - {body}'
 * and 'No checkout URL received from server'. The error keeps its status and code for the classifier.
 */
export async function createCheckoutSession(): Promise<string> {
  try {
    return (await apiRequest('createCheckoutSession')).checkout_url;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) throw error;
    const message =
      error.code === 'INVALID_RESPONSE'
        ? 'No checkout URL received from server'
        : `Failed to create checkout session: ${error.status} - ${error.message}`;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message,
      details: error.details,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationKey: ['/api/create-checkout-session'], mutationFn: createCheckoutSession });
}
