import { House, LoaderCircle, LockKeyhole, LogIn, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  TRIAL_SCAN_LIMIT,
  TRIAL_TERMS,
  TRIAL_WARNING_DAYS,
} from '@redflag/contracts/constants';
import { PlanFeatures } from '@/components/plan-features';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useSupportEmail } from '@/lib/public-config';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { openAuthModal } from '@/lib/ui-store';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlan } from '../api/get-plan';

/**
 * The checkout page (docs/product.md sections 2, 4 and 8): starts a hosted checkout (Stripe Checkout, or
 * the built-in test checkout) and sends the browser there. Signed out, it is also the one place that decides
 * what the visitor sees: on a desktop they go back to / with a toast, on a phone a card asks them to sign in,
 * and a checkout redirect waiting on a sign-in in flight waits here. The route only picks the page for a
 * Premium or trialing user.
 */

const MOBILE_QUERY = '(max-width: 767px)';
/** Mobile / other (docs/product.md §9): how long a pending checkout redirect waits for auth. */
const PENDING_REDIRECT_TIMEOUT_MS = { mobile: 10_000, desktop: 3_000 } as const;
const AUTO_START_DELAY_MOBILE_MS = 500;

export type CheckoutAuth = 'loading' | 'signed_in' | 'signed_out';

function isMobile(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

export function checkoutErrorText(error: unknown, mobile: boolean): string {
  if (error instanceof Error && error.message) return error.message;
  return mobile
    ? 'Checkout failed. This sometimes happens on mobile networks. Please try again or switch networks.'
    : 'Failed to start checkout process. Please try again.';
}

export function CheckoutPage({ auth }: { auth: CheckoutAuth }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const supportEmail = useSupportEmail();
  const [mobile] = useState(isMobile);
  const [starting, setStarting] = useState(false);
  const [authIssue, setAuthIssue] = useState<string | null>(() => {
    const stored = storage.get(STORAGE_KEYS.oauthError);
    return stored ? `Authentication issue: ${stored}` : null;
  });
  const [waiting, setWaiting] = useState(
    () => auth !== 'signed_in' && storage.get(STORAGE_KEYS.pendingCheckoutRedirect) !== null,
  );
  // Read once: a sign-in in flight for checkout keeps a signed-out visitor here (see `waiting`).
  const [pendingAtStart] = useState(() => storage.get(STORAGE_KEYS.pendingCheckoutRedirect) !== null);
  const signedOut = auth === 'signed_out' && !pendingAtStart;
  const autoStarted = useRef(false);
  // An address that has had its trial (even under a deleted account) is charged at once: say so.
  const plan = usePlan({ enabled: auth === 'signed_in' });
  const noTrial = plan.data?.computedStatus.hasUsedTrial === true;

  const { mutate: startCheckout } = useCreateCheckoutSession();
  const start = useCallback(() => {
    setStarting(true);
    startCheckout(undefined, {
      onSuccess: (url) => {
        storage.remove(STORAGE_KEYS.pendingCheckoutRedirect);
        // Back from the hosted checkout must land on a page that waits for a click, not one that starts
        // the checkout again by itself (direct=true), which would send the person straight back.
        if (window.location.search.includes('direct='))
          window.history.replaceState(window.history.state, '', window.location.pathname);
        window.location.assign(url);
      },
      onError: (error) => {
        // The button comes back so the person can try again.
        setStarting(false);
        toast({ variant: 'destructive', title: 'Checkout Error', description: checkoutErrorText(error, mobile) });
      },
    });
  }, [mobile, startCheckout]);

  // Back from the hosted checkout may restore this page from the browser's back-forward cache, still
  // saying "Setting up your free trial...": nothing was started, so the button comes back.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (!signedOut || mobile) return;
    toast({ title: 'Authentication Required', description: 'Please sign in to start your free trial.' });
    void navigate('/', { replace: true });
  }, [signedOut, mobile, navigate]);

  // direct=true (after sign-up / OAuth) starts checkout by itself once signed in; 500 ms later on mobile.
  useEffect(() => {
    if (auth !== 'signed_in' || autoStarted.current) return;
    if (params.get('direct') !== 'true' && storage.get(STORAGE_KEYS.pendingCheckoutRedirect) === null) return;
    autoStarted.current = true;
    const timer = window.setTimeout(start, mobile ? AUTO_START_DELAY_MOBILE_MS : 0);
    return () => window.clearTimeout(timer);
  }, [auth, params, mobile, start]);

  // A pending redirect waits for auth, up to a timeout; then it is an authentication issue.
  useEffect(() => {
    if (!waiting || auth === 'signed_in') return;
    const timer = window.setTimeout(
      () => {
        setWaiting(false);
        storage.remove(STORAGE_KEYS.pendingCheckoutRedirect);
        if (mobile) {
          setAuthIssue('Please sign in to continue with checkout.');
        } else {
          setAuthIssue('Authentication is taking longer than expected. Please try signing in again.');
          void navigate('/', { replace: true });
        }
      },
      mobile ? PENDING_REDIRECT_TIMEOUT_MS.mobile : PENDING_REDIRECT_TIMEOUT_MS.desktop,
    );
    return () => window.clearTimeout(timer);
  }, [waiting, auth, mobile, navigate]);

  const retry = () => {
    storage.remove(STORAGE_KEYS.oauthError);
    storage.remove(STORAGE_KEYS.pendingCheckoutRedirect);
    if (mobile) window.location.assign('/?retry=true');
    else window.location.reload();
  };

  if (authIssue) {
    return (
      <CheckoutNotice
        alert
        icon={<ShieldAlert aria-hidden="true" className="mx-auto size-12 text-red-600" />}
        title="Authentication issue"
        text={authIssue}
        action={
          <Button size="lg" onClick={retry}>
            <RefreshCw aria-hidden="true" /> Try Again
          </Button>
        }
      />
    );
  }

  if (signedOut && mobile) {
    return (
      <CheckoutNotice
        icon={<LockKeyhole aria-hidden="true" className="mx-auto size-12 text-slate-700" />}
        title="Sign in to continue"
        text="Please sign in to continue with checkout."
        action={
          <Button size="lg" onClick={() => openAuthModal('signin')}>
            <LogIn aria-hidden="true" /> Sign In
          </Button>
        }
      />
    );
  }

  if (signedOut) return <CheckoutSpinner label="Preparing checkout..." />;

  if (auth === 'loading' || (waiting && auth !== 'signed_in')) return <CheckoutSpinner label="Loading checkout..." />;

  if (starting) {
    return (
      <CheckoutShell>
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-600" />
          <p className="font-medium">{noTrial ? 'Setting up checkout...' : 'Setting up your free trial...'}</p>
          <p className="text-sm">
            {mobile ? 'This can take a few seconds on mobile networks.' : 'You will be redirected to secure checkout.'}
          </p>
        </div>
      </CheckoutShell>
    );
  }

  return (
    <CheckoutShell>
      <title>{noTrial ? 'Subscribe to Premium · RedFlag' : 'Start Your Free Trial · RedFlag'}</title>
      <div className="text-center">
        <ShieldCheck aria-hidden="true" className="mx-auto size-12 text-brand-600" />
        <h1 className="mt-4 text-2xl font-black tracking-tight text-slate-900 md:text-3xl">
          {noTrial ? 'Subscribe to Premium' : 'Start Your Free Trial'}
        </h1>
        <p className="mt-2 text-lg font-semibold text-slate-800">
          {noTrial
            ? `${PREMIUM_PRICE_LABEL}/month, charged today.`
            : `Free for ${TRIAL_TERMS}. Then ${PREMIUM_PRICE_LABEL}/month.`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {noTrial
            ? 'You have already used your free trial with this email address. Cancel anytime.'
            : mobile
              ? 'Card required. Nothing charged today. Cancel anytime.'
              : `Your card is collected now and nothing is charged today. The first charge is when the ${TRIAL_DAYS} days end (we e-mail you ${TRIAL_WARNING_DAYS} days before), or sooner only if you choose to activate Premium after ${TRIAL_SCAN_LIMIT} scans. Cancel anytime.`}
        </p>
      </div>
      <h2 className="mt-8 text-sm font-bold uppercase tracking-wide text-slate-700">What's included</h2>
      <PlanFeatures className="mt-3" showTrial={!noTrial} />
      <Button size="xl" className="mt-8 w-full" onClick={start} disabled={starting}>
        {noTrial ? 'Subscribe Now' : 'Start Free Trial'}
      </Button>
      <p className="mt-4 text-center text-xs text-slate-600">
        {noTrial ? 'By subscribing' : 'By starting your trial'} you agree to our{' '}
        <Link className="underline" to="/terms-of-service">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link className="underline" to="/privacy-policy">
          Privacy Policy
        </Link>
        .
      </p>
      <p className="mt-2 text-center text-xs text-slate-600">
        Questions?{' '}
        <a className="underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </p>
    </CheckoutShell>
  );
}

/** A message in place of the checkout (auth issue, sign in first) with its action and the way home. */
function CheckoutNotice({
  alert = false,
  icon,
  title,
  text,
  action,
}: {
  alert?: boolean;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <CheckoutShell>
      <title>Checkout · RedFlag</title>
      <div className="text-center" role={alert ? 'alert' : undefined}>
        {icon}
        <h1 className="mt-4 text-2xl font-black text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {action}
          <Button asChild size="lg" variant="outline">
            <Link to="/">
              <House aria-hidden="true" /> Go to Home
            </Link>
          </Button>
        </div>
      </div>
    </CheckoutShell>
  );
}

function CheckoutSpinner({ label }: { label: string }) {
  return (
    <CheckoutShell>
      <div role="status" className="flex flex-col items-center gap-3 py-10 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-600" />
        <p className="font-medium">{label}</p>
      </div>
    </CheckoutShell>
  );
}

function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-ink-900 from-[14rem] to-slate-50 to-[14rem] px-4 pb-20 pt-12 md:pt-16">
      <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-ink-900/10 md:p-10">
        {children}
      </div>
    </div>
  );
}
