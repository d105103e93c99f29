import { classifyError, errorParts } from '@/lib/errors';

/**
 * Where the accounts forms show an error and which inline next step they offer. The title,
 * texts and kind come from the app's one classifier (lib/errors.ts); this adds only what is particular to
 * these forms: the field an error belongs under, and the form's own next-step links.
 */
export interface ErrorPresentation {
  title: string;
  description: string;
  suggestion: string;
  /** The error dialog offers Sign In for these. */
  isAuthError: boolean;
  /** The form field the error belongs under; absent: an alert above the submit button. */
  field?: 'email' | 'password';
  /** The next step an inline error offers. */
  action?: 'resend_verification' | 'sign_in_instead' | 'recovery';
}

export function presentError(err: unknown): ErrorPresentation {
  const c = classifyError(err);
  const p: ErrorPresentation = {
    title: c.title,
    description: c.description,
    suggestion: c.suggestion,
    isAuthError: c.action === 'sign_in',
  };
  if (c.kind === 'invalid_credentials') p.action = 'recovery';
  if (c.kind === 'email_not_confirmed') p.action = 'resend_verification';
  if (c.kind === 'account_exists') p.action = 'sign_in_instead';
  if (c.kind === 'weak_password') p.field = 'password';
  if (c.kind === 'oauth_failed' && c.serverMessage === 'account_not_linked') {
    // better-auth's callback error: the address has an account whose address is not confirmed, and Google
    // or Facebook never joins one (decision 107); confirming it first is the way through.
    p.description =
      'An account with this email address was created but its address is not confirmed yet, so Google or Facebook cannot be added to it.';
    p.suggestion =
      'Open the confirmation link we sent to this address, or get a sign-in link by email (Magic Link Recovery). Then sign in with Google or Facebook again.';
  }
  return p;
}

/** The server's own message for an error (better-auth's or ours), for a form field's inline text. */
export function serverMessage(err: unknown): string {
  return errorParts(err).message;
}
