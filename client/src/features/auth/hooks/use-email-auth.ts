import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { invalidateKeys, queryKeys, SESSION_DEPENDENT_KEYS } from '@/lib/query-keys';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { authClient, VERIFIED_CALLBACK } from '../api/auth-client';
import { closeAuthDialogs, setAuthDialog } from './auth-dialogs';

/** docs/product.md §9: checkout creation delay after sign-up. */
const CHECKOUT_DELAY_MS = 2000;

function scrollToTopSmoothly() {
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * What happens right after a sign-in (docs/product.md §4, SIGNED_IN): a sign-up that started from a
 * plan goes to checkout; otherwise stay, scrolled smoothly to the top.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await invalidateKeys(queryClient, SESSION_DEPENDENT_KEYS);
    const context = storage.get(STORAGE_KEYS.signupContext);
    if (
      context === 'premium_signup' ||
      context === 'trial_signup' ||
      storage.get(STORAGE_KEYS.requirePaymentSetup) === 'true'
    ) {
      storage.remove(STORAGE_KEYS.signupContext);
      storage.remove(STORAGE_KEYS.requirePaymentSetup);
      await navigate('/checkout');
      return;
    }
    scrollToTopSmoothly();
  };
}

export function useEmailSignIn() {
  const afterSignIn = useAfterSignIn();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      const { data, error } = await authClient.signIn.email({ email: input.email, password: input.password });
      if (error) throw error;
      return data;
    },
    onSuccess: async () => {
      closeAuthDialogs();
      toast({ title: 'Welcome back!', description: 'You are signed in.' });
      await afterSignIn();
    },
    // Errors stay on the mutation: the form shows them inline and keeps what was typed.
  });
}

export function useEmailSignUp() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string; firstName: string; lastName: string }) => {
      const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
      const { data, error } = await authClient.signUp.email({
        email: input.email,
        password: input.password,
        name,
        callbackURL: VERIFIED_CALLBACK,
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
      });
      if (error) throw error;
      return { ...data, email: input.email };
    },
    onSuccess: async (data) => {
      if (data.token) {
        // Outcome B: signed in at once; start the trial checkout after 2 s.
        closeAuthDialogs();
        await queryClient.invalidateQueries({ queryKey: queryKeys.session });
        toast({ title: 'Account Created!', description: 'Setting up your free trial...' });
        setTimeout(() => {
          // Any failure (no URL in the answer included) goes to the checkout page, which can retry.
          apiRequest('createCheckoutSession')
            .then((res) => window.location.assign(res.checkout_url))
            .catch(() => void navigate('/checkout?plan=premium&trial=true'));
        }, CHECKOUT_DELAY_MS);
        return;
      }
      // Outcomes A and C: the account waits for its e-mail to be confirmed.
      storage.set(STORAGE_KEYS.requirePaymentSetup, 'true');
      setAuthDialog({ kind: 'verify', email: data.email });
    },
    // Errors (weak_password, ACCOUNT_EXISTS...) stay on the mutation for the form to show inline.
  });
}
