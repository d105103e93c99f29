import { lazy, Suspense, type ReactNode } from 'react';
import { AccountGate } from '@/features/billing/components/AccountGate';
import { useAuth, type AuthUser } from '../auth';
import { SignInRequired } from './sign-in-required';
import { PageSpinner } from './status-card';

const CheckoutRoute = lazy(async () => ({ default: (await import('./checkout')).CheckoutRoute }));

/** The pages that need an account, as named in the route table (docs/product.md §2). */
export type MemberPage = 'home' | 'scan' | 'dashboard' | 'account' | 'settings';

const LOADING_LABEL: Record<MemberPage, string> = {
  home: 'Loading...',
  scan: 'Loading...',
  dashboard: 'Loading your dashboard...',
  account: 'Loading...',
  settings: 'Loading...',
};

function Checkout() {
  return (
    <Suspense fallback={<PageSpinner label="Preparing checkout..." />}>
      <CheckoutRoute />
    </Suspense>
  );
}

function GatePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <title>{`${title} · RedFlag`}</title>
      <div className="bg-gradient-to-b from-ink-900 from-[8rem] to-slate-50 to-[8rem] px-4 pb-20 pt-10">{children}</div>
    </>
  );
}

/**
 * The one place where the route table's signed-in rows (docs/product.md §2) and the account gate
 * (section 4) are decided. Each member page renders its content through this:
 *
 * | subscriptionStatus | /            | /dashboard                  | /scan, /account, /settings |
 * |--------------------|--------------|-----------------------------|----------------------------|
 * | setup_required     | payment gate | checkout page               | checkout page              |
 * | loading            | spinner      | 'Loading your dashboard...' | spinner                    |
 *
 * A checkout that was started and left changes nothing (decision 110): there is no 'Payment Processing'
 * page; the payment success page alone says a payment is being confirmed.
 *
 * /checkout shows the checkout page in every signed-in state, so it does not come through here. The server
 * still decides every entitlement (docs/design.md §3.3): this only picks the screen.
 */
export function MemberRoute({
  page,
  what,
  signedOut,
  children,
}: {
  page: MemberPage;
  /** Completes 'Please sign in to …' on the sign-in-required card. */
  what: string;
  /** Replaces the sign-in-required card (the settings page has its own signed-out text). */
  signedOut?: ReactNode;
  children: (user: AuthUser) => ReactNode;
}) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label={LOADING_LABEL[page]} />;
  if (auth.status === 'signed_out') return signedOut ?? <SignInRequired what={what} />;
  const { user } = auth;
  switch (user.subscriptionStatus) {
    case 'loading':
      return <PageSpinner label={LOADING_LABEL[page]} />;
    // `processing` is no longer written when a checkout starts (decision 110); one left by an older version
    // is offered the checkout again rather than a wait that blocks the app.
    case 'setup_required':
    case 'processing':
      if (page !== 'home') return <Checkout />;
      return (
        <GatePage title="Start your free trial">
          <div data-testid="payment-setup-gate">
            <AccountGate subscriptionStatus={user.subscriptionStatus} />
          </div>
        </GatePage>
      );
    default:
      return children(user);
  }
}
