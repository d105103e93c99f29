import { CircleCheckBig, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { planQueryOptions } from '@/features/billing/api/get-plan';
import { PaymentSuccessActions } from '@/features/billing/components/PaymentSuccessActions';
import { paymentOutcome } from '@/features/billing/utils/payment-outcome';
import { useAuth } from '../auth';
import { StatusCard } from './status-card';

/** Where checkout returns: says what was and was not charged, from the server's plan. */
export function PaymentSuccessPage() {
  const auth = useAuth();
  const signedIn = auth.status === 'signed_in';
  // While the provider has not confirmed yet (Stripe's webhook), ask again every 2 s.
  const plan = useQuery({
    ...planQueryOptions,
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data && query.state.data.subscriptionStatus !== 'processing' ? false : 2000),
  });
  // While the session is read, say "confirming" rather than "sign in".
  const outcome = paymentOutcome(plan.data, auth.status !== 'signed_out');
  return (
    <>
      <title>{`${outcome.title} · RedFlag`}</title>
      <StatusCard
        tone={outcome.kind === 'confirming' ? 'neutral' : 'success'}
        icon={outcome.kind === 'confirming' ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheckBig aria-hidden="true" />}
        title={outcome.title}
        actions={<PaymentSuccessActions signedIn={signedIn} />}
      >
        <div aria-live="polite" className="grid gap-3">
          {outcome.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </StatusCard>
    </>
  );
}
