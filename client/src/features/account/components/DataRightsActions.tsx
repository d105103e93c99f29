import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useDeleteAccount } from '../api/delete-account';
import { downloadAccountExport } from '../api/export-account';

/**
 * Export My Data and Delete Account (DESIGN.md section 3.5, docs/decisions/004): the export is a real JSON
 * download, so the policy's 24-hour promise is met at once; deletion is confirmed by typing the e-mail.
 */
export function DataRightsActions({ email, onDeleted }: { email: string; onDeleted: () => void | Promise<void> }) {
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      const name = await downloadAccountExport();
      toast({ title: 'Your data was downloaded', description: `${name} holds your account and every scan. Our policy promises an export within 24 hours; you have it now.` });
    } catch {
      toast({ variant: 'destructive', title: 'Export failed', description: 'We could not prepare your data. Please try again.' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => void exportData()} disabled={exporting}>
        {exporting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />} Export My Data
      </Button>
      <Button variant="outline" className="border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setDeleteOpen(true)}>
        <Trash2 aria-hidden="true" /> Delete Account
      </Button>
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} email={email} onDeleted={onDeleted} />
    </>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  onDeleted: () => void | Promise<void>;
}) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount({ onDeleted });
  const error = remove.error ? (remove.error instanceof ApiError ? remove.error.message : 'Something went wrong. Please try again.') : null;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    onOpenChange(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(typed);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md">
        <form onSubmit={submit} className="contents">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2 text-red-700">
              <Trash2 aria-hidden="true" className="size-5" /> DELETE ACCOUNT
            </DialogTitle>
            <DialogDescription>
              This deletes your account, your scans and your sign-in methods at once. It cannot be undone. Download your data first if you want to
              keep it.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Type your e-mail address to confirm</Label>
            <p id={hintId} className="-mt-1 break-all text-sm text-slate-600">
              Your account: <span className="font-semibold text-slate-900">{email}</span>
            </p>
            <Input
              id={inputId}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            />
            {error ? (
              <p id={errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || typed.trim() === ''}>
              {remove.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />} Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
