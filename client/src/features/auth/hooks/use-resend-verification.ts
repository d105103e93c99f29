import { useMutation } from '@tanstack/react-query';
import { authClient, VERIFIED_CALLBACK } from '../api/auth-client';

/** docs/product.md §9: the resend button stays locked (SENDING...) for about 2 s. */
export const RESEND_LOCK_MS = 2000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/auth/send-verification-email (better-auth; rate limited per address and per client on our side,
 * server/src/auth/rate-rules.ts). The server answers the same whether or not the address has an
 * unconfirmed account. The error stays on the mutation for the caller to show inline.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) => {
      const [{ error }] = await Promise.all([
        authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK }),
        wait(RESEND_LOCK_MS),
      ]);
      if (error) throw error;
      return email;
    },
  });
}
