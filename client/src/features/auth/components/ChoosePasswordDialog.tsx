import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { NewPasswordField } from '@/components/new-password-field';
import { Form, FormAlert } from '@/components/ui/form';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { toast } from '@/components/ui/use-toast';
import { errorParts } from '@/lib/errors';
import { closeAuthDialogs, returnFocusOnClose, useAuthDialog } from '../hooks/auth-dialogs';
import { useChoosePassword } from '../hooks/use-choose-password';
import { presentError, serverMessage } from '../utils/auth-errors';
import { choosePasswordFormSchema, type ChoosePasswordFormInput } from '../utils/form-schemas';

/**
 * Choose your password: where a verification link lands (decision 107). Opening it proved the mailbox and
 * signed this browser in; a password typed before that (at sign-up, possibly by someone else) no longer
 * works and other sessions were ended, so the person who reads the mailbox sets the password here, with
 * the one-time token the link came back with. "Not now" keeps them signed in; a magic link signs them in
 * later.
 */
export function ChoosePasswordDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'choose-password';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" data-testid="choose-password-dialog" onCloseAutoFocus={returnFocusOnClose}>
        <StatusDialogHeader
          layout="centered"
          icon={KeyRound}
          tone="success"
          title="CHOOSE YOUR PASSWORD"
          description={
            <>
              Your email{' '}
              {dialog.kind === 'choose-password' ? (
                <strong className="text-slate-900">
                  <EmailText email={dialog.email} />
                </strong>
              ) : null}{' '}
              is confirmed and you are signed in. Choose the password you will sign in with.
            </>
          }
        />
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <strong>Why we ask again:</strong> anyone can type an email address into a sign-up form. So that only the
          person who reads this mailbox controls the account, a password chosen before the address was confirmed no
          longer works, any other device signed in to this account was signed out, and API keys or a forwarding address
          made before no longer work. If that password was yours, you may choose it again.
        </p>
        {dialog.kind === 'choose-password' ? (
          <ChoosePasswordForm key={dialog.token} token={dialog.token} email={dialog.email} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChoosePasswordForm({ token, email }: { token: string; email: string }) {
  const choose = useChoosePassword();
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const form = useForm<ChoosePasswordFormInput, unknown, z.output<typeof choosePasswordFormSchema>>({
    resolver: zodResolver(choosePasswordFormSchema),
    defaultValues: { password: '' },
  });

  const submit = form.handleSubmit(({ password }) => {
    setFailure(null);
    choose.mutate(
      { token, password },
      {
        onSuccess: () => {
          closeAuthDialogs();
          toast({
            title: 'Password saved',
            description: 'Your account is ready. Use this password next time you sign in.',
          });
        },
        onError: (error) => {
          const p = presentError(error);
          if (p.field) {
            // weak_password: the server's message names the reasons (too short, too common, the address).
            form.setError(
              'password',
              { type: 'server', message: serverMessage(error) || p.description },
              { shouldFocus: true },
            );
          } else if (errorParts(error).status === 400) {
            // better-auth's INVALID_TOKEN: the step was used or is older than an hour.
            setFailure({
              title: 'This step has expired',
              text: 'You are still signed in. To sign in next time, use Magic Link Recovery in the sign-in window: we email you a link.',
            });
          } else {
            setFailure({ title: p.title, text: `${p.description} ${p.suggestion}` });
          }
        },
      },
    );
  });

  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate aria-label="Choose your password">
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField control={form.control} name="password" label="New password" />
        {failure ? (
          <FormAlert title={failure.title}>
            <p>{failure.text}</p>
          </FormAlert>
        ) : null}
        <div className="grid gap-2">
          <Button type="submit" size="lg" disabled={choose.isPending}>
            {choose.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {choose.isPending ? 'SAVING...' : 'SAVE PASSWORD'}
          </Button>
          <Button type="button" size="lg" variant="ghost" onClick={closeAuthDialogs} disabled={choose.isPending}>
            Not now
          </Button>
        </div>
        <p className="text-center text-xs text-slate-600">
          Without a password you stay signed in here; next time, sign in with a link we email you (Magic Link Recovery).
        </p>
      </form>
    </Form>
  );
}
