import { LoaderCircle, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * "You've used all 5 trial scans!" (product-spec.md section 2). Activating premium runs `onActivate` (the
 * scan page passes useAutoConvert().convertNow, then refreshes usage and submits the pending scan).
 */
export function TrialLimitDialog({ open, onOpenChange, onActivate }: { open: boolean; onOpenChange: (open: boolean) => void; onActivate: () => Promise<{ success: boolean }> }) {
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    setBusy(true);
    const result = await onActivate();
    setBusy(false);
    if (result.success) onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldAlert aria-hidden="true" className="size-5 text-red-600" />
            TRIAL LIMIT REACHED
          </DialogTitle>
          <DialogDescription>You've used all 5 trial scans!</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-700">Activate Premium now for unlimited scans, phone and e-mail verification. Your card on file is charged $9.99/month.</p>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/account" onClick={() => onOpenChange(false)}>
              Update payment method
            </Link>
          </Button>
          <Button onClick={() => void activate()} disabled={busy}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null} Activate Premium
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
