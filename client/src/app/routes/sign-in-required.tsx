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
            <Button size="lg" onClick={openRecoveryDialog}>
              <KeyRound aria-hidden="true" /> Quick Recovery
            </Button>
            <Button size="lg" variant="outline" onClick={() => openAuthModal('signin')}>
              <LogIn aria-hidden="true" /> Sign In Manually
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
