import { lazy, Suspense, useEffect } from 'react';
import { AnalyzerCard } from '@/features/analyzer/components/AnalyzerCard';
import { ImageInput } from '@/features/image-input/components/ImageInput';
import { keepAnalysisAndAskToSignIn } from '@/features/analyzer/utils/sign-in-to-analyze';
import { savePendingAnalysis } from '@/features/analyzer/utils/pending-analysis';
import { useSharedMessage } from '@/features/share-target/hooks/use-shared-message';
import { AnalyzerSection, AnalyzerTrialNote } from '@/features/landing/components/AnalyzerSection';
import { ClosingCta } from '@/features/landing/components/ClosingCta';
import { FeaturesSection } from '@/features/landing/components/FeaturesSection';
import { Hero } from '@/features/landing/components/Hero';
import { HowItWorks } from '@/features/landing/components/HowItWorks';
import { MeasuredAccuracy } from '@/features/landing/components/MeasuredAccuracy';
import { PricingSection } from '@/features/landing/components/PricingSection';
import { openAuthModal } from '@/lib/ui-store';
import {
  CROSS_PAGE_SCROLL_DELAY_MS,
  HEADER_SCROLL_OFFSET,
  LANDING_SECTIONS,
  scrollToSection,
  SECTION_SETTLE_MS,
  SECTION_WAIT_MS,
} from '@/lib/scroll';
import { storage, STORAGE_KEYS } from '@/lib/storage-keys';
import { useAuth } from '../auth';
import { PanelBoundary } from '../error-boundary';
import { PageSpinner } from './status-card';

/** Signed in, / is the scan page (its own chunk, so the landing page stays light). */
const ScanRoute = lazy(async () => ({ default: (await import('./scan')).ScanRoute }));

function startTrial() {
  storage.set(STORAGE_KEYS.signupContext, 'trial_signup');
  openAuthModal('signup');
}

/**
 * "Try the analyzer": scrolls to the analyzer and puts the caret in its message box, so the keyboard (and a
 * screen reader) is where the eyes are, not on the button scrolled out of view. The
 * focus does not scroll by itself: the smooth scroll brings the box under the header.
 */
function tryAnalyzer() {
  if (!scrollToSection(LANDING_SECTIONS.analyzer, HEADER_SCROLL_OFFSET)) return;
  document
    .getElementById(LANDING_SECTIONS.analyzer)
    ?.querySelector<HTMLTextAreaElement>('textarea[name="message"]')
    ?.focus({ preventScroll: true });
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * A message shared from another app fills the analyzer's box: bring the box itself into view. On a phone it
 * sits far below the section's top (the section's heading and the screenshot input come first), and it is
 * only there once the page has rendered, so this waits for it, and puts it back once late layout above it
 * has settled, unless the person has started scrolling.
 */
function showSharedBox(): () => void {
  const timers: number[] = [];
  let touched = false;
  const onTouch = () => (touched = true);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onTouch, { passive: true });
  const box = () =>
    document
      .getElementById(LANDING_SECTIONS.analyzer)
      ?.querySelector<HTMLTextAreaElement>('textarea[name="message"]') ?? null;
  const deadline = Date.now() + SECTION_WAIT_MS;
  const attempt = () => {
    const found = box();
    if (!found) {
      if (Date.now() < deadline) timers.push(window.setTimeout(attempt, 50));
      return;
    }
    found.scrollIntoView({ block: 'center' });
    timers.push(
      window.setTimeout(
        () => (touched ? undefined : box()?.scrollIntoView({ block: 'center' })),
        SECTION_SETTLE_MS / 2,
      ),
    );
  };
  timers.push(window.setTimeout(attempt, CROSS_PAGE_SCROLL_DELAY_MS));
  return () => {
    for (const t of timers) window.clearTimeout(t);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onTouch);
  };
}

/**
 * `sharedSettled`: the visitor is known to be signed out, so a message shared from another app stays here
 * (and is kept through sign-up, as a pasted one is once sent); while the session loads it is only shown.
 */
export function LandingPage({ sharedSettled = true }: { sharedSettled?: boolean }) {
  const shared = useSharedMessage({ settled: sharedSettled });
  const sharedText = shared.text;
  useEffect(() => {
    if (!sharedSettled || !sharedText) return;
    // Kept like a pasted message the visitor sent: restored into the analyzer after sign-up, not sent.
    savePendingAnalysis(storage, { message: sharedText });
  }, [sharedSettled, sharedText]);
  const hasShared = Boolean(sharedText || shared.image);
  useEffect(() => {
    if (hasShared) return showSharedBox();
  }, [hasShared]);
  return (
    <>
      <PanelBoundary name="introduction" tone="dark" className="m-4">
        <Hero onStartTrial={startTrial} onTryAnalyzer={tryAnalyzer} />
      </PanelBoundary>
      <AnalyzerSection>
        <PanelBoundary name="analyzer">
          <AnalyzerCard
            onAnalyze={keepAnalysisAndAskToSignIn}
            initialValues={sharedText ? { message: sharedText } : undefined}
            imageInput={(props) => <ImageInput {...props} fillSender initialImage={shared.image} />}
            notice={<AnalyzerTrialNote />}
          />
        </PanelBoundary>
      </AnalyzerSection>
      <PanelBoundary name="how it works" className="m-4">
        <HowItWorks />
      </PanelBoundary>
      <PanelBoundary name="features" className="m-4">
        <FeaturesSection />
      </PanelBoundary>
      <PanelBoundary name="accuracy" className="m-4">
        <MeasuredAccuracy />
      </PanelBoundary>
      <PanelBoundary name="pricing" className="m-4">
        <PricingSection onStartTrial={startTrial} />
      </PanelBoundary>
      <ClosingCta onStartTrial={startTrial} onTryAnalyzer={tryAnalyzer} />
    </>
  );
}

/** `/`: the landing page while auth loads or when signed out (docs/product.md §2). */
export function HomeRoute() {
  const { status } = useAuth();
  switch (status) {
    case 'loading':
    case 'signed_out':
      return <LandingPage sharedSettled={status === 'signed_out'} />;
    case 'signed_in':
      return (
        <Suspense fallback={<PageSpinner label="Loading..." />}>
          <ScanRoute at="home" />
        </Suspense>
      );
  }
}
