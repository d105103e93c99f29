import { LoaderCircle, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { authClient, VERIFIED_CALLBACK } from '../api/auth-client';
import { closeAuthDialogs, setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';

/** product-spec.md section 9: the resend button stays locked (SENDING...) for 2 s. */
export const RESEND_LOCK_MS = 2000;

/** CHECK YOUR EMAIL: after a sign-up that needs the address confirmed. */
export function VerifyEmailDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'verify';
  const email = dialog.kind === 'verify' ? dialog.email : '';
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const resend = async () => {
    setSending(true);
    const started = Date.now();
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK });
    timer.current = setTimeout(() => setSending(false), Math.max(0, RESEND_LOCK_MS - (Date.now() - started)));
    if (error) {
      setAuthDialog({ kind: 'error', error });
      return;
    }
    toast({ title: 'Verification Email Sent', description: `We sent a new link to ${email}.` });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" data-testid="verify-email-dialog">
        <DialogHeader className="items-center pr-0 text-center">
          <span
            aria-hidden="true"
            className="grid size-14 place-items-center rounded-2xl bg-emerald-100 text-emerald-700"
          >
            <MailCheck className="size-7" />
          </span>
          <DialogTitle className="text-2xl font-black tracking-wide">CHECK YOUR EMAIL</DialogTitle>
          <DialogDescription>
            We sent a verification link to <strong className="break-all text-slate-900">{email}</strong>. Click it to
            confirm your account and start your free trial.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          Can&apos;t find it? Check your spam folder, or send it again.
        </p>
        <div className="grid gap-2">
          <Button size="lg" onClick={resend} disabled={sending}>
            {sending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {sending ? 'SENDING...' : 'RESEND VERIFICATION EMAIL'}
          </Button>
          <Button size="lg" variant="ghost" onClick={closeAuthDialogs}>
            I&apos;ll verify later
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
