import { AnalyzerCard } from '@/features/analyzer/components/AnalyzerCard';
import type { ScanPayload } from '@/features/analyzer/utils/scan-form';
import { AnalyzerSection } from '@/features/landing/components/AnalyzerSection';
import { ClosingCta } from '@/features/landing/components/ClosingCta';
import { FeaturesSection } from '@/features/landing/components/FeaturesSection';
import { Hero } from '@/features/landing/components/Hero';
import { PricingSection } from '@/features/landing/components/PricingSection';
import { TestimonialsStrip } from '@/features/landing/components/TestimonialsStrip';
import { openAuthModal } from '@/lib/events';
import { HEADER_SCROLL_OFFSET, LANDING_SECTIONS, scrollToSection } from '@/lib/scroll';
import { storage, STORAGE_KEYS } from '@/lib/storage-keys';
import { useAuth } from '../auth';
import { PanelBoundary } from '../error-boundary';

function startTrial() {
  storage.set(STORAGE_KEYS.signupContext, 'trial_signup');
  openAuthModal('signup');
}

function tryAnalyzer() {
  scrollToSection(LANDING_SECTIONS.analyzer, HEADER_SCROLL_OFFSET);
}

/**
 * A signed-out visitor's analysis is kept so it can run right after they sign up (product-spec.md
 * section 3, "Pending analysis"), then the sign-up dialog opens.
 */
function keepAnalysisAndAskToSignUp(payload: ScanPayload) {
  storage.set(STORAGE_KEYS.pendingAnalysis, JSON.stringify(payload));
  storage.set(STORAGE_KEYS.signupContext, 'scam_analyzer');
  openAuthModal('signup');
}

export function LandingPage() {
  return (
    <>
      <PanelBoundary name="introduction" tone="dark" className="m-4">
        <Hero onStartTrial={startTrial} onTryAnalyzer={tryAnalyzer} />
      </PanelBoundary>
      <AnalyzerSection>
        <PanelBoundary name="analyzer">
          <AnalyzerCard onAnalyze={keepAnalysisAndAskToSignUp} />
        </PanelBoundary>
      </AnalyzerSection>
      <PanelBoundary name="features" className="m-4">
        <FeaturesSection />
      </PanelBoundary>
      <PanelBoundary name="pricing" className="m-4">
        <PricingSection onStartTrial={startTrial} />
      </PanelBoundary>
      <ClosingCta onStartTrial={startTrial} onTryAnalyzer={tryAnalyzer} />
      <PanelBoundary name="testimonials" className="m-4">
        <TestimonialsStrip />
      </PanelBoundary>
    </>
  );
}

/** `/`: the landing page while auth loads or when signed out (product-spec.md section 2). */
export function HomeRoute() {
  const { status } = useAuth();
  // Signed in, / becomes the scan page or the payment-setup gate; both arrive with accounts and scans.
  switch (status) {
    case 'loading':
    case 'signed_out':
    case 'signed_in':
      return <LandingPage />;
  }
}
