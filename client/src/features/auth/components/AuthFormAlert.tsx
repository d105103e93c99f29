import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { EmailText } from '@/components/ui/email-text';
import { setAuthDialog } from '../hooks/auth-dialogs';
import { useResendVerification } from '../hooks/use-resend-verification';
import { presentError } from '../utils/auth-errors';

/**
 * A server error about a whole accounts form, inline above its button: the spec's heading and
 * text (docs/product.md §8) and the next step the classifier names (resend the verification link,
 * sign in instead, a magic link). What was typed stays in the form.
 */
export function AuthFormAlert({ error, email }: { error: unknown; email: string }) {
  const p = presentError(error);
  return (
    <FormAlert
      title={p.title}
      tone={p.action === 'resend_verification' ? 'notice' : 'error'}
      actions={
        p.action === 'resend_verification' ? (
          <ResendVerificationAction email={email} />
        ) : p.action === 'sign_in_instead' ? (
          <>
            <Button type="button" size="sm" onClick={() => setAuthDialog({ kind: 'auth', tab: 'signin', email })}>
              Sign in instead
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setAuthDialog({ kind: 'recovery', email })}
            >
              Get a sign-in link
            </Button>
          </>
        ) : p.action === 'recovery' ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setAuthDialog({ kind: 'recovery', email })}>
            Get a sign-in link by email
          </Button>
        ) : null
      }
    >
      <p>{p.description}</p>
      <p className="opacity-80">{p.suggestion}</p>
    </FormAlert>
  );
}

/** "Check Your Email" offers a new verification link right where the sign-in failed. */
function ResendVerificationAction({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="grid w-full gap-2">
      <Button
        type="button"
        size="sm"
        className="justify-self-start"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {resend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {resend.isPending ? 'SENDING...' : 'Resend verification email'}
      </Button>
      <p role="status" className="text-sm">
        {resend.isSuccess ? (
          <>
            We sent a new link to{' '}
            <strong>
              <EmailText email={resend.data} />
            </strong>
            . Open it to confirm your account.
          </>
        ) : resend.isError ? (
          presentError(resend.error).description
        ) : null}
      </p>
    </div>
  );
}
