import { LoaderCircle, MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { StatusDialogHeader } from '@/components/ui/status-dialog-header';
import { EmailText } from '@/components/ui/email-text';
import { closeAuthDialogs, returnFocusOnClose, useAuthDialog } from '../hooks/auth-dialogs';
import { useResendVerification } from '../hooks/use-resend-verification';
import { presentError } from '../utils/auth-errors';

/** CHECK YOUR EMAIL: after a sign-up that needs the address confirmed. */
export function VerifyEmailDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'verify';
  const email = dialog.kind === 'verify' ? dialog.email : '';
  const resend = useResendVerification();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        resend.reset();
        closeAuthDialogs();
      }}
    >
      <DialogContent size="md" data-testid="verify-email-dialog" onCloseAutoFocus={returnFocusOnClose}>
        <StatusDialogHeader
          layout="centered"
          icon={MailCheck}
          tone="success"
          title="CHECK YOUR EMAIL"
          description={
            <>
              We sent a verification link to{' '}
              <strong className="text-slate-900">
                <EmailText email={email} />
              </strong>
              . Click it to confirm your account and start your free trial; you will then choose the password you sign
              in with.
            </>
          }
        />
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          Can&apos;t find it? Check your spam folder, or send it again.
        </p>
        <p role="status" className="text-center text-sm">
          {resend.isSuccess ? (
            <span className="text-emerald-800">We sent a new link to {email}.</span>
          ) : resend.isError ? (
            <span className="font-medium text-red-700">{presentError(resend.error).description}</span>
          ) : null}
        </p>
        <div className="grid gap-2">
          <Button size="lg" onClick={() => resend.mutate(email)} disabled={resend.isPending}>
            {resend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {resend.isPending ? 'SENDING...' : 'RESEND VERIFICATION EMAIL'}
          </Button>
          <Button
            size="lg"
            variant="ghost"
            onClick={() => {
              resend.reset();
              closeAuthDialogs();
            }}
          >
            I&apos;ll verify later
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
