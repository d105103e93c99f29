import { ArrowRight, ScanSearch } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { usePlan } from '@/features/billing/api/get-plan';
import { FeaturesSection } from '@/features/landing/components/FeaturesSection';
import { HowItWorks } from '@/features/landing/components/HowItWorks';
import { MeasuredAccuracy } from '@/features/landing/components/MeasuredAccuracy';
import { PricingSection } from '@/features/landing/components/PricingSection';
import { HEADER_SCROLL_OFFSET, LANDING_SECTIONS, scrollToSectionSoon } from '@/lib/scroll';
import { openAuthModal } from '@/lib/ui-store';
import { storage, STORAGE_KEYS } from '@/lib/storage-keys';
import { useAuth, type AuthUser } from '../auth';
import { PanelBoundary } from '../error-boundary';

function startTrialSignUp() {
  storage.set(STORAGE_KEYS.signupContext, 'trial_signup');
  openAuthModal('signup');
}

/** The pricing card's button for someone signed in: their next step, never a second sign-up. */
function MemberPricingAction({ user }: { user: AuthUser }) {
  const onPlan = user.isPremium || user.isTrialing;
  const plan = usePlan({ enabled: !onPlan });
  if (onPlan) {
    return (
      <Button asChild size="xl" className="w-full uppercase">
        <Link to="/scan">
          <ScanSearch aria-hidden="true" /> Scan a message
        </Link>
      </Button>
    );
  }
  const hadTrial = plan.data?.computedStatus.hasUsedTrial === true;
  return (
    <Button asChild size="xl" className="w-full uppercase">
      <Link to="/checkout">
        {hadTrial ? 'Subscribe to Premium' : 'Start free trial'} <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/**
 * /product: the landing page's product content (how it works, features, measured accuracy, pricing) on a
 * page that works signed in too, where / is the scan page. The footer's product links
 * lead here for signed-in users (app/layout/use-section-nav.ts); signed out they keep going to /.
 */
export function ProductPage() {
  const auth = useAuth();
  return (
    <>
      <title>How RedFlag works, what it costs · RedFlag</title>
      <PageHeader eyebrow="RedFlag" title="How it works, what it measures, what it costs">
        <p>
          One real example, what every scan checks, how accurate the engine is on messages it never saw, and the plan.
        </p>
      </PageHeader>
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
        {auth.status === 'signed_in' ? (
          <PricingSection action={<MemberPricingAction user={auth.user} />} />
        ) : (
          <PricingSection onStartTrial={startTrialSignUp} />
        )}
      </PanelBoundary>
    </>
  );
}

/** /pricing, as people type it: the product page, brought to its pricing (the footer's link is /#pricing). */
export function PricingPage() {
  useEffect(() => scrollToSectionSoon(LANDING_SECTIONS.pricing, HEADER_SCROLL_OFFSET), []);
  return <ProductPage />;
}
