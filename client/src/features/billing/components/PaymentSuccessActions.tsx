import { ArrowRight, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePaymentSuccess } from '../hooks/use-payment-success';

/** The Payment Success page's Continue button with its waits and cache reset. */
export function PaymentSuccessActions({ signedIn }: { signedIn: boolean }) {
  const { continuing, onContinue } = usePaymentSuccess(signedIn);
  return (
    <Button size="lg" onClick={() => void onContinue()} disabled={continuing}>
      {continuing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {signedIn ? 'Continue to Dashboard' : 'Continue to Home'}
      {continuing ? null : <ArrowRight aria-hidden="true" />}
    </Button>
  );
}
