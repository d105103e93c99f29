import { LoaderCircle, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isPending: boolean;
  /** Why the last attempt failed, shown in the dialog, which stays open. */
  error: string | null;
  /** Where focus goes when the dialog closes; by default back to the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

function ConfirmDelete({
  open,
  onOpenChange,
  onConfirm,
  isPending,
  error,
  onCloseAutoFocus,
  title,
  description,
  confirmLabel,
  testId,
}: ConfirmProps & { title: string; description: ReactNode; confirmLabel: string; testId: string }) {
  // Focus goes back to the button that opened the dialog (DialogContent remembers it), unless the caller
  // moves it itself because that button is going away.
  return (
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="md" data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Trash2 aria-hidden="true" className="size-5 shrink-0 text-red-700" />
            {title}
          </DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Confirms deleting one scan: names it, says plainly that there is no undo and, on the trial, that the scan
 * stays counted (deleting history never gives scans back).
 */
export function DeleteScanDialog({
  title,
  preview,
  showTrialNote = false,
  ...props
}: ConfirmProps & { title: string; preview: string; showTrialNote?: boolean }) {
  return (
    <ConfirmDelete
      {...props}
      testId="delete-scan-dialog"
      title="Delete this scan?"
      confirmLabel="Delete scan"
      description={
        <>
          <p>
            <span className="font-semibold text-slate-900">{title}</span>
            {preview && preview !== title ? <span className="block break-words">“{preview}”</span> : null}
          </p>
          <p>The scan and its report are removed from your history for good. This cannot be undone.</p>
          {showTrialNote ? <p>It stays counted among the scans of your free trial.</p> : null}
        </>
      }
    />
  );
}

/**
 * Confirms deleting the whole history: says how many scans, that the current search does not narrow it,
 * and that trial scans already used stay used (deleting history never gives scans back).
 */
export function DeleteAllScansDialog({
  count,
  filtered,
  showTrialNote,
  ...props
}: ConfirmProps & { count: number | null; filtered: boolean; showTrialNote: boolean }) {
  const what = count === null ? 'all your scans' : count === 1 ? 'your 1 scan' : `all ${count} scans`;
  return (
    <ConfirmDelete
      {...props}
      testId="delete-all-scans-dialog"
      title="Delete your whole scan history?"
      confirmLabel={count === null ? 'Delete all scans' : count === 1 ? 'Delete 1 scan' : `Delete all ${count} scans`}
      description={
        <>
          <p>
            This permanently deletes {what} and their reports{filtered ? ', not only the ones your search shows' : ''}.
            It cannot be undone.
          </p>
          {showTrialNote ? <p>Scans you have used in your free trial stay counted.</p> : null}
        </>
      }
    />
  );
}
