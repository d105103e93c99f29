import { LoaderCircle, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { FormAlert } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { toast } from '@/components/ui/use-toast';
import { errorParts } from '@/lib/errors';
import { closeAuthDialogs, returnFocusOnClose, useAuthDialog } from '../hooks/auth-dialogs';
import { useFinishEmailChange, usePendingEmailChange, useSendEmailChangeCode } from '../hooks/use-email-change';
import { serverMessage } from '../utils/auth-errors';

/**
 * FINISH CHANGING YOUR E-MAIL: where the link mailed to a new address lands (decision 132). Opening it proved
 * the mailbox only; the address changes when the same person also proves the account, with its password or
 * a code mailed to its current address. Whoever did not ask for the change closes it, and nothing changes.
 */
export function ConfirmEmailChangeDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'confirm-email-change';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" data-testid="confirm-email-change-dialog" onCloseAutoFocus={returnFocusOnClose}>
        {dialog.kind === 'confirm-email-change' ? <ConfirmEmailChange key={dialog.token} token={dialog.token} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const pending = usePendingEmailChange(token);
  const finish = useFinishEmailChange();
  const sendCode = useSendEmailChangeCode();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [codeSent, setCodeSent] = useState(false);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = useId();

  if (pending.isPending) {
    return (
      <StatusDialogHeader
        layout="centered"
        icon={Mail}
        tone="warning"
        title="FINISH CHANGING YOUR E-MAIL"
        description="Checking the link..."
      />
    );
  }
  if (pending.isError) {
    return (
      <>
        <StatusDialogHeader
          layout="centered"
          icon={Mail}
          tone="warning"
          title="THIS LINK NO LONGER WORKS"
          description="It has expired or was already used, so nothing was changed. To change your address, ask again from your account page."
        />
        <Button type="button" size="lg" variant="outline" onClick={closeAuthDialogs}>
          Close
        </Button>
      </>
    );
  }
  const { newEmail, hasPassword } = pending.data;
  const useCode = mode === 'code' || !hasPassword;

  const askCode = () => {
    setFailure(null);
    sendCode.mutate(token, {
      onSuccess: () => {
        setMode('code');
        setCodeSent(true);
        setValue('');
      },
      onError: (error) => setFailure(serverMessage(error) || 'We could not send the code. Please try again.'),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const proof = value.trim();
    if (!proof) {
      setFailure(useCode ? 'Type the six-digit code from the e-mail.' : 'Type the password of your RedFlag account.');
      return;
    }
    finish.mutate(useCode ? { token, code: proof } : { token, password: value }, {
      onSuccess: ({ email }) => {
        closeAuthDialogs();
        toast({ title: 'E-mail address changed', description: `You now sign in with ${email}.` });
      },
      onError: (error) => {
        const message = serverMessage(error);
        setFailure(
          errorParts(error).status === 429
            ? 'Too many tries. Wait a few minutes, then try again.'
            : message || 'Something went wrong. Please try again.',
        );
      },
    });
  };

  return (
    <>
      <StatusDialogHeader
        layout="centered"
        icon={Mail}
        tone="warning"
        title="FINISH CHANGING YOUR E-MAIL"
        description={
          <>
            Someone asked to make{' '}
            <strong className="text-slate-900">
              <EmailText email={newEmail} />
            </strong>{' '}
            the e-mail address of their RedFlag account. If that was you, prove the account is yours to finish.
          </>
        }
      />
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <strong>Why we ask:</strong> this link shows that you read this mailbox, not that the account is yours. If you
        did not ask for this, close this window: nothing changes, and no account gets this address.
      </p>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Finish changing your e-mail">
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{useCode ? 'Code from your current address' : 'Your RedFlag password'}</Label>
          {useCode ? (
            <Input
              id={fieldId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          ) : (
            <PasswordInput
              id={fieldId}
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          {useCode ? (
            <p className="text-sm text-slate-600">
              {codeSent
                ? 'We sent a six-digit code to the account’s current address. It is valid for 15 minutes.'
                : 'We send a six-digit code to the account’s current address (not to this one).'}
            </p>
          ) : null}
        </div>
        {failure ? (
          <FormAlert title="Not changed">
            <p>{failure}</p>
          </FormAlert>
        ) : null}
        <div className="grid gap-2">
          {useCode && !codeSent ? (
            <Button type="button" size="lg" onClick={askCode} disabled={sendCode.isPending}>
              {sendCode.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              SEND ME A CODE
            </Button>
          ) : (
            <Button type="submit" size="lg" disabled={finish.isPending}>
              {finish.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {finish.isPending ? 'CHANGING...' : 'CHANGE MY E-MAIL'}
            </Button>
          )}
          {hasPassword && !useCode ? (
            <Button type="button" variant="ghost" onClick={askCode} disabled={sendCode.isPending}>
              Forgot the password? Get a code at the current address
            </Button>
          ) : null}
          {useCode && codeSent ? (
            <Button type="button" variant="ghost" onClick={askCode} disabled={sendCode.isPending}>
              Send a new code
            </Button>
          ) : null}
          <Button type="button" size="lg" variant="ghost" onClick={closeAuthDialogs}>
            This was not me
          </Button>
        </div>
      </form>
    </>
  );
}
