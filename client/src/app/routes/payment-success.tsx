import { CircleCheckBig } from 'lucide-react';
import { PaymentSuccessActions } from '@/features/billing/components/PaymentSuccessActions';
import { useAuth } from '../auth';
import { StatusCard } from './status-card';

export function PaymentSuccessPage() {
  const auth = useAuth();
  const signedIn = auth.status === 'signed_in';
  return (
    <>
      <title>Payment successful · RedFlag</title>
      <StatusCard
        tone="success"
        icon={<CircleCheckBig aria-hidden="true" />}
        title="Payment Successful!"
        actions={<PaymentSuccessActions signedIn={signedIn} />}
      >
        <p>
          Thank you for choosing RedFlag Premium. Your subscription is being activated, which usually takes a few
          seconds. A receipt is on its way to your inbox.
        </p>
      </StatusCard>
    </>
  );
}
