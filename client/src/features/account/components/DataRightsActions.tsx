import { Download, LoaderCircle, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { Form, TextFormField } from '@/components/ui/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteAccount } from '../api/delete-account';
import { downloadAccountExport } from '../api/export-account';
import { failureReason } from '../utils/form-errors';

/**
 * A subscription that would still charge, handed in by app/ from the billing feature: the delete flow
 * cancels it first (POST /api/billing/cancel), in the same dialog, instead of refusing after the e-mail was
 * typed.
 */
export interface RenewingSubscription {
  /** "Your free trial" / "Your Premium subscription". */
  what: string;
  /** What it would do next: "turns into Premium when it ends" / "is still set to renew". */
  next: string;
  cancel: () => Promise<unknown>;
}

/**
 * Export My Data and Delete Account (docs/design.md §3.5, docs/decisions/004): the export is a real JSON
 * download, so the policy's 24-hour promise is met at once; deletion is confirmed by typing the e-mail.
 */
export function DataRightsActions({
  email,
  subscription,
  onDeleted,
}: {
  email: string;
  subscription: RenewingSubscription | null;
  onDeleted: () => void | Promise<void>;
}) {
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      const name = await downloadAccountExport();
      toast({
        title: 'Your data was downloaded',
        description: `${name} holds your account and every scan. Our policy promises an export within 24 hours; you have it now.`,
      });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: 'We could not prepare your data. Please try again.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <Button variant="outline" onClick={() => void exportData()} disabled={exporting}>
        {exporting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}{' '}
        Export My Data
      </Button>
      <Button
        variant="outline"
        className="border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setDeleteOpen(true)}
      >
        <Trash2 aria-hidden="true" /> Delete Account
      </Button>
      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        email={email}
        subscription={subscription}
        onDeleted={onDeleted}
      />
    </div>
  );
}

type Step = 'idle' | 'cancelling' | 'deleting';

function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  subscription,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  subscription: RenewingSubscription | null;
  onDeleted: () => void | Promise<void>;
}) {
  const remove = useDeleteAccount({ onDeleted });
  const [step, setStep] = useState<Step>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ confirmEmail: string }>({ defaultValues: { confirmEmail: '' } });
  const typed = useWatch({ control: form.control, name: 'confirmEmail' });
  const busy = step !== 'idle';

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      form.reset();
      setFormError(null);
      remove.reset();
    }
  };

  const submit = form.handleSubmit(async ({ confirmEmail }) => {
    setFormError(null);
    // Checked here first: a typo must never cancel a subscription and then fail to delete.
    if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
      form.setError('confirmEmail', { message: 'This does not match your e-mail address.' }, { shouldFocus: true });
      return;
    }
    let cancelled = false;
    try {
      if (subscription) {
        setStep('cancelling');
        await subscription.cancel();
        cancelled = true;
      }
      setStep('deleting');
      await remove.mutateAsync(confirmEmail);
    } catch (err) {
      // The server's own words for a refusal (wrong e-mail, a subscription still billing); never a 5xx message.
      const reason = failureReason(err, 'Something went wrong. Please try again.');
      setFormError(
        subscription && !cancelled
          ? `We could not cancel your subscription, so nothing was deleted. ${reason}`
          : cancelled
            ? `Your subscription is cancelled and nothing more will be charged, but your account was not deleted. ${reason}`
            : reason,
      );
    } finally {
      setStep('idle');
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="lg">
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="contents">
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2 text-red-700">
                <Trash2 aria-hidden="true" className="size-5" /> Delete account
              </DialogTitle>
              <DialogDescription>
                This deletes your account, your scans and your sign-in methods at once. It cannot be undone. Download
                your data first if you want to keep it. We send one last e-mail to confirm the deletion.
              </DialogDescription>
            </DialogHeader>
            {subscription ? (
              <div
                data-testid="delete-cancels-subscription"
                className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
                <p>
                  {subscription.what} {subscription.next} and would charge your card. Deleting your account cancels it
                  first, so nothing more is charged; the last e-mail, confirming the deletion, says so.
                </p>
              </div>
            ) : null}
            <TextFormField
              control={form.control}
              name="confirmEmail"
              label="Type your e-mail address to confirm"
              type="email"
              autoComplete="off"
              description={
                <>
                  Your account: <EmailText email={email} className="font-semibold text-slate-900" />
                </>
              }
            />
            {formError ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {formError}
              </p>
            ) : null}
            <DialogFooter className="flex-wrap">
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
                Keep my account
              </Button>
              <Button
                type="submit"
                variant="destructive"
                className="h-auto min-h-10 whitespace-normal py-2"
                disabled={busy || typed.trim() === ''}
              >
                {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
                {step === 'cancelling'
                  ? 'Cancelling subscription…'
                  : step === 'deleting'
                    ? 'Deleting…'
                    : subscription
                      ? 'Cancel subscription and delete account'
                      : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
