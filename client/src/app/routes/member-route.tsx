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
 * The one place where the route table's signed-in rows (docs/product.md §2) and the account gate's
 * 'Payment Processing' state (section 4) are decided. Each member page renders its content through this:
 *
 * | subscriptionStatus | /            | /dashboard                  | /scan, /account, /settings |
 * |--------------------|--------------|-----------------------------|----------------------------|
 * | setup_required     | payment gate | checkout page               | checkout page              |
 * | loading            | spinner      | 'Loading your dashboard...' | spinner                    |
 * | processing         | 'Payment Processing' on /, /scan and /dashboard; account and settings show as usual |
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
    case 'setup_required':
      if (page !== 'home') return <Checkout />;
      return (
        <GatePage title="Start your free trial">
          <div data-testid="payment-setup-gate">
            <AccountGate subscriptionStatus={user.subscriptionStatus} />
          </div>
        </GatePage>
      );
    case 'processing':
      if (page === 'account' || page === 'settings') return children(user);
      return (
        <GatePage title="Payment Processing">
          <AccountGate subscriptionStatus={user.subscriptionStatus} />
        </GatePage>
      );
    default:
      return children(user);
  }
}
