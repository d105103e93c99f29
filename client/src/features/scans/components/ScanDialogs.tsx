import { TRIAL_SCAN_LIMIT } from '@redflag/contracts/constants';
import { CircleAlert, Crown, LifeBuoy, LogIn, RotateCcw, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlanFeatures } from '@/components/plan-features';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { track } from '@/lib/analytics';
import { openAuthModal } from '@/lib/ui-store';
import { PREMIUM_FEATURE_NAMES, type ScanFlow } from '../hooks/use-scan-flow';

/** docs/product.md §9: the auth dialog opens 100 ms after the error dialog closes. */
const AUTH_MODAL_DELAY_MS = 100;

function DialogIcon({ tone, children }: { tone: 'danger' | 'brand'; children: ReactNode }) {
  const tones = { danger: 'bg-red-100 text-red-700', brand: 'bg-red-50 text-brand-700' } as const;
  return (
    <span className={`mb-2 grid size-12 place-items-center rounded-xl [&_svg]:size-6 ${tones[tone]}`}>{children}</span>
  );
}

/**
 * The scan page's dialogs (lazy-loaded the first time one opens): the error dialog of docs/product.md
 * section 8 and the upgrade-to-premium dialog for phone / e-mail verification (or unlimited scans). The
 * trial limit and trial expired dialogs are the trial feature's, composed by the scan route.
 */
export default function ScanDialogs({ flow }: { flow: ScanFlow }) {
  const { dialog, closeDialog } = flow;
  const onOpenChange = (open: boolean) => {
    if (!open) closeDialog();
  };

  if (dialog.kind === 'error') {
    const copy = dialog.error;
    const signIn = () => {
      closeDialog();
      setTimeout(() => openAuthModal('signin'), AUTH_MODAL_DELAY_MS);
    };
    return (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent size="md" data-testid="scan-error-dialog">
          <DialogHeader>
            <DialogIcon tone="danger">
              <CircleAlert aria-hidden="true" />
            </DialogIcon>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
          </DialogHeader>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{copy.suggestion}</p>
          <DialogFooter className="flex-wrap">
            <Button variant="ghost" onClick={closeDialog}>
              Close
            </Button>
            <Button asChild variant="outline">
              <Link to="/help-center" onClick={closeDialog}>
                <LifeBuoy aria-hidden="true" /> Get Help
              </Link>
            </Button>
            {copy.action === 'sign_in' ? (
              <Button onClick={signIn}>
                <LogIn aria-hidden="true" /> Sign In
              </Button>
            ) : (
              <Button onClick={flow.retry}>
                <RotateCcw aria-hidden="true" /> Try Again
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  if (dialog.kind === 'upgrade') {
    const featureName = dialog.feature ? PREMIUM_FEATURE_NAMES[dialog.feature] : null;
    return (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent size="md" data-testid="upgrade-dialog">
          <DialogHeader>
            <DialogIcon tone="brand">
              <Crown aria-hidden="true" />
            </DialogIcon>
            <DialogTitle className="uppercase">Upgrade to Premium</DialogTitle>
            <DialogDescription>
              {featureName
                ? `${featureName} comes with Premium and its free trial. Start your free trial to check who is really behind a message.`
                : `You've used your ${TRIAL_SCAN_LIMIT} trial scans. Premium gives you unlimited scans.`}
            </DialogDescription>
          </DialogHeader>
          <PlanFeatures tone="compact" />
          <DialogFooter>
            <Button variant="ghost" onClick={closeDialog}>
              Maybe later
            </Button>
            <Button asChild>
              <Link
                to="/checkout"
                onClick={() => {
                  track('upgrade_click', { source: 'scan_upgrade_dialog', feature: dialog.feature ?? undefined });
                  closeDialog();
                }}
              >
                <Sparkles aria-hidden="true" /> START FREE TRIAL
              </Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return null;
}
