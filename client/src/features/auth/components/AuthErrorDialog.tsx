import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { openAuthModal, openContactDialog } from '@/lib/ui-store';
import { closeAuthDialogs, returnFocusOnClose, useAuthDialog } from '../hooks/auth-dialogs';
import { presentError } from '../utils/auth-errors';

/** docs/product.md §4: Sign In closes the dialog and raises triggerAuthModal after 100 ms. */
const SIGN_IN_DELAY_MS = 100;

/** The error dialog: a heading and a suggestion per error type; Sign In (auth errors), Try Again, Get Help, Close. */
export function AuthErrorDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'error';
  const p = presentError(dialog.kind === 'error' ? dialog.error : null);

  const signIn = () => {
    closeAuthDialogs();
    setTimeout(() => openAuthModal('signin'), SIGN_IN_DELAY_MS);
  };
  const help = () => {
    closeAuthDialogs();
    openContactDialog();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialogs()}>
      <DialogContent size="md" role="alertdialog" data-testid="auth-error-dialog" onCloseAutoFocus={returnFocusOnClose}>
        <DialogHeader className="items-center pr-0 text-center">
          <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-red-100 text-red-700">
            <AlertTriangle className="size-7" />
          </span>
          <DialogTitle className="text-2xl font-black tracking-tight">{p.title}</DialogTitle>
          <DialogDescription>{p.description}</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{p.suggestion}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {p.isAuthError ? (
            <Button size="lg" onClick={signIn}>
              Sign In
            </Button>
          ) : null}
          <Button
            size="lg"
            variant={p.isAuthError ? 'outline' : 'default'}
            onClick={p.isAuthError ? signIn : closeAuthDialogs}
          >
            Try Again
          </Button>
          <Button size="lg" variant="outline" onClick={help}>
            Get Help
          </Button>
          <Button size="lg" variant="ghost" onClick={closeAuthDialogs}>
            Close
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
