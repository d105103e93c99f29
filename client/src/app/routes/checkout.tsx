import { House, LogIn, LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { openAuthModal } from '@/lib/events';
import { useAuth } from '../auth';
import { PageSpinner, StatusCard } from './status-card';

const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Signed-out checkout (product-spec.md section 8): on desktop the visitor goes back to / with a toast;
 * on mobile they get a card asking them to sign in. The real checkout arrives with billing.
 */
export function CheckoutRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [isDesktop] = useState(() => window.matchMedia(DESKTOP_QUERY).matches);
  const signedOut = auth.status === 'signed_out';

  useEffect(() => {
    if (!signedOut || !isDesktop) return;
    toast({ title: 'Authentication Required', description: 'Please sign in to start your free trial.' });
    void navigate('/', { replace: true });
  }, [signedOut, isDesktop, navigate]);

  if (auth.status === 'loading' || (signedOut && isDesktop)) return <PageSpinner label="Preparing checkout..." />;

  return (
    <>
      <title>Checkout · RedFlag</title>
      <StatusCard
        icon={<LockKeyhole aria-hidden="true" />}
        title="Sign in to continue"
        actions={
          <>
            <Button size="lg" onClick={() => openAuthModal('signin')}>
              <LogIn aria-hidden="true" /> Sign In
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">
                <House aria-hidden="true" /> Go to Home
              </Link>
            </Button>
          </>
        }
      >
        <p>Please sign in to continue with checkout.</p>
      </StatusCard>
    </>
  );
}
