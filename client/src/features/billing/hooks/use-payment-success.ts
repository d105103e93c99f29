import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** Cached data that a payment changes (product-spec.md section 4, "Payment success"). */
const PAYMENT_KEYS = ['/api/auth/user', '/api/users/plan', '/api/users/scan-usage', '/api/users/stats', '/api/stripe/subscription-status', '/api/users/trial-status'];
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
    for (const key of PAYMENT_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
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
