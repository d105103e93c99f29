import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicConfig } from '@redflag/contracts/config';
import { MAGIC_LINK_MINUTES } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { Form, serverFieldErrors, setFieldErrors } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { EmailText } from '@/components/ui/email-text';
import { usePublicConfig } from '@/lib/public-config';
import { authClient, LINK_ERROR_CALLBACK, RECOVERED_CALLBACK } from '../api/auth-client';
import { closeAuthDialogs, returnFocusOnClose, useAuthDialog } from '../hooks/auth-dialogs';
import { presentError } from '../utils/auth-errors';
import { emailOnlyFormSchema, type EmailOnlyFormInput } from '../utils/form-schemas';
import { EmailLinkFields } from './EmailLinkFields';
import { SocialButtons } from './SocialButtons';

/** The sign-in methods the server offers besides e-mail, by name ("Google", "Google or Facebook"). */
function socialNames(config: PublicConfig | undefined): string | null {
  const names = [
    config?.signInMethods.google ? 'Google' : null,
    config?.signInMethods.facebook ? 'Facebook' : null,
  ].filter((n): n is string => n !== null);
  return names.length ? names.join(' or ') : null;
}

/**
 * QUICK RECOVERY: Google / Facebook where they are offered, or a magic link by e-mail (60 minutes, single
 * use). It names only the sign-in methods this server has, and promises no "one click".
 */
export function RecoveryDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'recovery';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { data: config } = usePublicConfig();
  const social = socialNames(config);

  // docs/product.md §4: the step resets when the dialog closes (derived during render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setSentTo(null);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" data-testid="recovery-dialog" onCloseAutoFocus={returnFocusOnClose}>
        {sentTo === null ? (
          <>
            <StatusDialogHeader
              layout="centered"
              icon={KeyRound}
              tone="danger"
              title="QUICK RECOVERY"
              description={
                social
                  ? `Sign in with ${social}, or get a secure sign-in link by email.`
                  : 'We email you a secure link that signs you in.'
              }
            />
            <SocialButtons config={config} verb="Sign in" />
            <RecoveryForm
              key={dialog.kind === 'recovery' ? (dialog.email ?? '') : ''}
              initialEmail={dialog.kind === 'recovery' ? dialog.email : undefined}
              onSent={setSentTo}
            />
            <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>Security tip:</strong> next time, sign in the way you first signed up
                {social ? ` (email and password, or ${social})` : ' (with your email and password)'}.
              </span>
            </p>
          </>
        ) : (
          <>
            <StatusDialogHeader
              layout="centered"
              icon={MailCheck}
              tone="success"
              title="Check Your Email"
              description={
                <>
                  If an account exists for{' '}
                  <strong className="text-slate-900">
                    <EmailText email={sentTo} />
                  </strong>
                  , we sent it a sign-in link. The link expires in {MAGIC_LINK_MINUTES} minutes and works once.
                </>
              }
            />
            <Button size="lg" variant="outline" onClick={closeAuthDialogs}>
              Close
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RecoveryForm({ initialEmail = '', onSent }: { initialEmail?: string; onSent: (email: string) => void }) {
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<EmailOnlyFormInput, unknown, { email: string }>({
    resolver: zodResolver(emailOnlyFormSchema),
    defaultValues: { email: initialEmail },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const { error } = await authClient.signIn.magicLink({
      email,
      callbackURL: RECOVERED_CALLBACK,
      // A used or expired link lands on the page that says so, not on a bare sign-in card.
      errorCallbackURL: LINK_ERROR_CALLBACK.magic,
    });
    if (error) {
      if (!setFieldErrors(form, serverFieldErrors(error), ['email'])) setFailure(error);
      return;
    }
    onSent(email);
    // Worded like the dialog beside it: the server answers alike whether or not the address has an account.
    toast({
      title: 'Magic Link Sent!',
      description: 'If an account exists for that address, a sign-in link is on its way.',
    });
  });

  const p = failure ? presentError(failure) : null;
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <EmailLinkFields
          control={form.control}
          failure={p}
          pending={form.formState.isSubmitting}
          submitLabel="SEND RECOVERY LINK"
        />
      </form>
    </Form>
  );
}
