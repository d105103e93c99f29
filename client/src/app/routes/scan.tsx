import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { toast } from '@/components/ui/use-toast';
import { AnalyzerCard } from '@/features/analyzer/components/AnalyzerCard';
import { ChatExportInput } from '@/features/chat-export/components/ChatExportInput';
import { ImageInput } from '@/features/image-input/components/ImageInput';
import {
  AUTO_SUBMIT_DELAY_MS,
  clearPendingAnalysis,
  pendingScanPayload,
  readPendingAnalysis,
  restoreMode,
  type PendingAnalysis,
} from '@/features/analyzer/utils/pending-analysis';
import { preloadScanResultView, ScanResultsPanel } from '@/features/scans/components/ScanResultsPanel';
import { useScanFlow } from '@/features/scans/hooks/use-scan-flow';
import { useSharedMessage } from '@/features/share-target/hooks/use-shared-message';
import { usePlan } from '@/features/billing/api/get-plan';
import { TrialDialog } from '@/features/trial/components/TrialDialog';
import { TrialLimitDialog } from '@/features/trial/components/TrialLimitDialog';
import { useScanUsage } from '@/features/trial/api/get-scan-usage';
import { useTrialStatus } from '@/features/trial/api/get-trial-status';
import { storage } from '@/lib/storage-keys';
import { ScanFollowUps } from '../scan-follow-ups';
import { Hourglass } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuthUser } from '../auth';
import { PanelBoundary } from '../error-boundary';
import { MemberRoute } from './member-route';

const ScanDialogs = lazy(() => import('@/features/scans/components/ScanDialogs'));

/** ?type=signup after the e-mail link: say so once, then clean the address (docs/product.md §2). */
function useSignupConfirmedToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const isSignup = params.get('type') === 'signup';
  useEffect(() => {
    if (!isSignup || shown.current) return;
    shown.current = true;
    toast({ title: 'Email Confirmed!', description: 'Setting up your account...' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('type');
        return next;
      },
      { replace: true },
    );
  }, [isSignup, setParams]);
}

export function ScanPage({ user }: { user: AuthUser }) {
  useSignupConfirmedToast();
  // A signed-out visitor's analysis, saved before sign-in, comes back here (section 4).
  const [restored] = useState(() => readPendingAnalysis(storage));
  // A message or screenshot shared from another app (docs/decisions/105): prefilled, not sent.
  const shared = useSharedMessage({ settled: true });
  // New scan: the analyzer card starts again, empty, with the cursor in the message.
  const [form, setForm] = useState<{ key: number; initial: PendingAnalysis | null }>(() => ({
    key: 0,
    initial: restored ?? (shared.text ? { message: shared.text, phoneNumber: '', email: '', platform: '' } : null),
  }));
  const [mode] = useState(() => (restored ? restoreMode(storage) : null));
  // The trial feature's usage and trial-status queries (the ones the header also reads). Nothing converts
  // by itself: at the scan limit the trial-limit dialog asks (docs/decisions/041-ask-before-charging.md).
  const trialing = user.isTrialing && !user.isPremium;
  const usage = useScanUsage({ enabled: trialing });
  const trialStatus = useTrialStatus({ enabled: trialing });
  const flow = useScanFlow({
    plan: {
      isPremium: user.isPremium,
      isTrialing: trialing,
      usage: usage.data,
      trialExpired: trialStatus.data?.isExpired === true,
    },
    onScanned: () => clearPendingAnalysis(storage),
  });
  // Reads the latest flow (usage may have loaded meanwhile) when the timer fires.
  const submitRestored = useEffectEvent((values: PendingAnalysis) => {
    const built = pendingScanPayload(values);
    if (built.ok) flow.submit(built.payload);
  });

  useEffect(() => {
    preloadScanResultView();
    if (!restored || mode !== 'auto_submit') return;
    const timer = setTimeout(() => submitRestored(restored), AUTO_SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [restored, mode]);

  // On a phone the results panel sits under the form: bring a new result into view.
  const resultId = flow.result?.id;
  const resultsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!resultId || window.matchMedia('(min-width: 1024px)').matches) return;
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [resultId]);

  // Phone and e-mail checks come with the trial and Premium; without either the fields are shown locked.
  const plan = usePlan({ enabled: !flow.canVerify });
  const hadTrial = plan.data?.computedStatus.hasUsedTrial ?? user.isTrialing;
  const senderLock = flow.canVerify ? null : (
    <p>
      {hadTrial
        ? 'Checking the sender’s number and email is part of Premium. '
        : 'Checking the sender’s number and email is part of the free trial and Premium. '}
      <Link to="/checkout" className="font-semibold underline underline-offset-2">
        {hadTrial ? 'Get Premium' : 'Start your free trial'}
      </Link>
    </p>
  );

  const newScan = () => setForm((current) => ({ key: current.key + 1, initial: null }));

  return (
    <>
      <title>Scan for scams · RedFlag</title>
      <div className="bg-gradient-to-b from-ink-900 from-[12rem] to-slate-50 to-[12rem] pb-20">
        <div className="mx-auto max-w-7xl px-4 pb-8 pt-10 sm:px-6 md:pt-14 lg:px-8">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Hi {user.firstName ?? 'there'}</p>
          <h1 className="mt-2 text-3xl font-black uppercase tracking-tight text-white md:text-5xl">Scan for scams</h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-300 md:text-base">
            Paste a message you're unsure about. You'll get a risk score and the exact words that raised it.
          </p>
        </div>
        <div className="mx-auto grid max-w-7xl items-start gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:gap-8 lg:px-8">
          <PanelBoundary name="analyzer">
            <AnalyzerCard
              key={form.key}
              autoFocusMessage={form.key > 0}
              title="New scan"
              headingLevel="h2"
              description="Paste the message, pick where it came from, and add the sender's number or email if you have them."
              initialValues={form.initial ?? undefined}
              onAnalyze={(payload) => flow.submit(payload)}
              // Phone and e-mail checks come with the trial and Premium: others see a number found on the screen, not filled in (decision 089).
              imageInput={(props) => (
                <ImageInput
                  {...props}
                  fillSender={flow.canVerify}
                  initialImage={form.key === 0 ? shared.image : null}
                />
              )}
              // A WhatsApp export (.txt, or the .zip with its media) is read in the browser; only its text reaches the form.
              chatInput={(props) => <ChatExportInput {...props} />}
              isScanning={flow.isScanning}
              senderLock={senderLock}
              blockedLabel={flow.blockedLabel}
              notice={
                flow.trialExpired ? (
                  <Alert variant="warning">
                    <Hourglass aria-hidden="true" />
                    <AlertTitle>Your free trial has ended</AlertTitle>
                    <AlertDescription>
                      Premium is being activated automatically with the card you added. This takes a moment.
                    </AlertDescription>
                  </Alert>
                ) : null
              }
            />
          </PanelBoundary>
          <div ref={resultsRef} className="scroll-mt-24">
            <PanelBoundary name="scan results">
              <ScanResultsPanel
                result={flow.result}
                isScanning={flow.isScanning}
                onNewScan={newScan}
                renderFollowUps={(scan) => <ScanFollowUps scan={scan} />}
              />
            </PanelBoundary>
          </div>
        </div>
      </div>
      {flow.dialog.kind === 'error' || (flow.dialog.kind === 'upgrade' && !trialing) ? (
        <Suspense fallback={null}>
          <ScanDialogs flow={flow} />
        </Suspense>
      ) : null}
      {/* On the trial, Premium is the trial's conversion (amount, card, date, then one click), never another checkout. */}
      <TrialLimitDialog
        open={flow.dialog.kind === 'trial_limit' || (flow.dialog.kind === 'upgrade' && trialing)}
        reason={flow.dialog.kind === 'upgrade' && flow.dialog.feature ? 'early' : 'limit'}
        onOpenChange={(open) => (open ? undefined : flow.closeDialog())}
        onActivated={flow.onPremiumActivated}
      />
      <TrialDialog
        open={flow.dialog.kind === 'trial_expired'}
        onOpenChange={(open) => (open ? undefined : flow.closeDialog())}
        daysRemaining={trialStatus.data?.daysRemaining ?? 0}
        isExpired
      />
    </>
  );
}

/**
 * /scan, and / when signed in (docs/product.md §2): the scan page, behind the route table's
 * signed-in rows (./member-route.tsx: checkout or payment gate while setup is required, spinners).
 */
export function ScanRoute({ at = 'scan' }: { at?: 'home' | 'scan' }) {
  return (
    <MemberRoute page={at} what="scan messages and keep your results">
      {(user) => <ScanPage user={user} />}
    </MemberRoute>
  );
}
