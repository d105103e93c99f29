import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateKeys, PAYMENT_DEPENDENT_KEYS } from '@/lib/query-keys';

const FIRST_WAIT_MS = 1000;
const SECOND_WAIT_MS = 2000;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * On arrival: invalidate user, plan, usage and stats. On continue: wait 1 s, clear the whole cache, wait
 * 2 s (the provider's confirmation has time to land), then /dashboard when signed in, else /.
 */
export function usePaymentSuccess(signedIn: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);

  useEffect(() => {
    // Cached data that a payment changes (docs/product.md §4, "Payment success").
    void invalidateKeys(queryClient, PAYMENT_DEPENDENT_KEYS);
  }, [queryClient]);

  const onContinue = useCallback(async () => {
    setContinuing(true);
    await wait(FIRST_WAIT_MS);
    queryClient.clear();
    await wait(SECOND_WAIT_MS);
    await navigate(signedIn ? '/dashboard' : '/');
  }, [queryClient, navigate, signedIn]);

  return { continuing, onContinue };
}
