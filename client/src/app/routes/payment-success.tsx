import { CircleCheckBig, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { planQueryOptions } from '@/features/billing/api/get-plan';
import { PaymentSuccessActions } from '@/features/billing/components/PaymentSuccessActions';
import { paymentOutcome } from '@/features/billing/utils/payment-outcome';
import { useAuth } from '../auth';
import { StatusCard } from './status-card';

const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 60;

/** Where checkout returns: says what was and was not charged, from the server's plan. */
export function PaymentSuccessPage() {
  const auth = useAuth();
  const signedIn = auth.status === 'signed_in';
  // Until the provider has confirmed the trial or the payment (Stripe's webhook, or the server asking Stripe),
  // ask again every 2 s, for up to two minutes.
  const plan = useQuery({
    ...planQueryOptions,
    enabled: signedIn,
    refetchInterval: (query) => {
      const data = query.state.data;
      const confirmed = data !== undefined && (data.isPremium || data.subscriptionStatus === 'trialing');
      return confirmed || query.state.dataUpdateCount > CONFIRM_POLLS ? false : CONFIRM_POLL_MS;
    },
  });
  // While the session is read, say "confirming" rather than "sign in".
  const outcome = paymentOutcome(plan.data, auth.status !== 'signed_out');
  return (
    <>
      <title>{`${outcome.title} · RedFlag`}</title>
      <StatusCard
        tone={outcome.kind === 'confirming' ? 'neutral' : 'success'}
        icon={
          outcome.kind === 'confirming' ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <CircleCheckBig aria-hidden="true" />
          )
        }
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
