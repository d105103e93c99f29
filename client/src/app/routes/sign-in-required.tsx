import { KeyRound, LockKeyhole, LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openAuthModal, openRecoveryDialog } from '@/lib/ui-store';
import { StatusCard } from './status-card';

/** What signed-out visitors see on pages that need an account (docs/product.md §2, Dashboard). */
export function SignInRequired({ what }: { what: string }) {
  return (
    <>
      <title>Sign in · RedFlag</title>
      <StatusCard
        icon={<LockKeyhole aria-hidden="true" />}
        title="Authentication Required"
        actions={
          <>
            {/* Most visitors here just need to sign in: that leads; recovery is for those who lost access. */}
            <Button size="lg" onClick={() => openAuthModal('signin')}>
              <LogIn aria-hidden="true" /> Sign In
            </Button>
            <Button size="lg" variant="outline" onClick={openRecoveryDialog}>
              <KeyRound aria-hidden="true" /> Forgot password? Quick Recovery
            </Button>
          </>
        }
      >
        <p>
          Please sign in to {what}. Lost access to your account? Quick Recovery sends a one-time sign-in link to your
          email.
        </p>
      </StatusCard>
    </>
  );
}
