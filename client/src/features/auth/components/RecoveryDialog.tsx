import { KeyRound, LoaderCircle, MailCheck, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAGIC_LINK_MINUTES } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { usePublicConfig } from '@/lib/public-config';
import { authClient, RECOVERED_CALLBACK } from '../api/auth-client';
import { closeAuthDialogs, setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';
import { SocialButtons } from './SocialButtons';

/** QUICK RECOVERY: one-click Google / Facebook, or a magic link by e-mail (60 minutes, single use). */
export function RecoveryDialog() {
  const id = useId();
  const dialog = useAuthDialog();
  const open = dialog.kind === 'recovery';
  const [step, setStep] = useState<'form' | 'sent'>('form');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const { data: config } = usePublicConfig();

  // product-spec.md section 4: the step resets when the dialog closes (derived during render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setStep('form');
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: 'Email Required', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    setSending(true);
    const { error } = await authClient.signIn.magicLink({ email: address, callbackURL: RECOVERED_CALLBACK });
    setSending(false);
    if (error) {
      setAuthDialog({ kind: 'error', error });
      return;
    }
    setStep('sent');
    toast({ title: 'Magic Link Sent!', description: 'Check your email for a secure sign-in link.' });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" data-testid="recovery-dialog">
        {step === 'form' ? (
          <>
            <DialogHeader className="items-center pr-0 text-center">
              <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-red-100 text-red-700">
                <KeyRound className="size-7" />
              </span>
              <DialogTitle className="text-2xl font-black tracking-wide">QUICK RECOVERY</DialogTitle>
              <DialogDescription>
                Get back into your account in one click, or with a secure link by email.
              </DialogDescription>
            </DialogHeader>
            <SocialButtons config={config} verb="Sign in" />
            <form onSubmit={submit} className="grid gap-3" noValidate>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <Input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="you@example.com"
                />
              </div>
              <Button type="submit" size="lg" disabled={sending}>
                {sending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                {sending ? 'SENDING...' : 'SEND RECOVERY LINK'}
              </Button>
            </form>
            <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>Security tip:</strong> next time, sign in the way you first signed up (email and password,
                Google or Facebook).
              </span>
            </p>
          </>
        ) : (
          <>
            <DialogHeader className="items-center pr-0 text-center">
              <span
                aria-hidden="true"
                className="grid size-14 place-items-center rounded-2xl bg-emerald-100 text-emerald-700"
              >
                <MailCheck className="size-7" />
              </span>
              <DialogTitle className="text-2xl font-black tracking-wide">Check Your Email</DialogTitle>
              <DialogDescription>
                If an account exists for <strong className="break-all text-slate-900">{email.trim()}</strong>, we sent
                it a sign-in link. The link expires in {MAGIC_LINK_MINUTES} minutes and works once.
              </DialogDescription>
            </DialogHeader>
            <Button size="lg" variant="outline" onClick={closeAuthDialogs}>
              Close
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
