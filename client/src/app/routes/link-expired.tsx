import { KeyRound, LayoutDashboard, LinkIcon, LogIn } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { MAGIC_LINK_MINUTES } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { ResendVerificationForm } from '@/features/auth/components/ResendVerificationForm';
import { openAuthModal, openRecoveryDialog } from '@/lib/ui-store';
import { useAuth } from '../auth';
import { StatusCard } from './status-card';

/**
 * Where a mail link that no longer works lands: a used or expired sign-in link
 * (`?link=magic`, better-auth's errorCallbackURL) or verification link (`?link=verification`, sent here by
 * AuthUrlEffects), with `error=INVALID_TOKEN | TOKEN_EXPIRED` from better-auth, or `error=ALREADY_USED` for
 * a verification link opened again after it worked. It says what happened and offers the next step.
 */
export function LinkExpiredPage() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const kind = params.get('link') === 'verification' ? 'verification' : 'magic';
  const error = params.get('error');

  if (kind === 'verification' && error === 'ALREADY_USED') {
    return (
      <>
        <title>Email already confirmed · RedFlag</title>
        <StatusCard
          icon={<LinkIcon aria-hidden="true" />}
          title="Your email is already confirmed"
          actions={
            <Button size="lg" onClick={() => openAuthModal('signin')}>
              <LogIn aria-hidden="true" /> Sign In
            </Button>
          }
        >
          <p>This verification link was already used, so your account is ready. Sign in to continue.</p>
        </StatusCard>
      </>
    );
  }

  const title = error === 'TOKEN_EXPIRED' ? 'This link has expired' : 'This link has expired or was already used';
  return (
    <>
      <title>Link expired · RedFlag</title>
      <StatusCard
        icon={<LinkIcon aria-hidden="true" />}
        tone="danger"
        title={title}
        actions={
          auth.status === 'signed_in' ? (
            <Button size="lg" asChild>
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden="true" /> Go to Dashboard
              </Link>
            </Button>
          ) : kind === 'magic' ? (
            <>
              <Button size="lg" onClick={openRecoveryDialog}>
                <KeyRound aria-hidden="true" /> Send a new sign-in link
              </Button>
              <Button size="lg" variant="outline" onClick={() => openAuthModal('signin')}>
                <LogIn aria-hidden="true" /> Sign in with password
              </Button>
            </>
          ) : (
            <Button size="lg" variant="outline" onClick={() => openAuthModal('signin')}>
              <LogIn aria-hidden="true" /> Sign In
            </Button>
          )
        }
      >
        {auth.status === 'signed_in' ? (
          <p>You are signed in already, so there is nothing more to do with this link.</p>
        ) : kind === 'magic' ? (
          <p>
            Sign-in links work once and for {MAGIC_LINK_MINUTES} minutes. Ask for a new one, or sign in with your
            password.
          </p>
        ) : (
          <>
            <p>
              Verification links work for a limited time. If you already confirmed your address, just sign in.
              Otherwise, ask for a new link:
            </p>
            <div className="mt-6">
              <ResendVerificationForm />
            </div>
          </>
        )}
      </StatusCard>
    </>
  );
}
