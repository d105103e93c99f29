import { Clock, CreditCard, RotateCcw, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TRIAL_TERMS } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { usePlan } from '../api/get-plan';

/**
 * The account gate (docs/product.md §4): what a signed-in user without an active plan is offered.
 * Nothing is shown for active or trialing users.
 */
export function AccountGate({ subscriptionStatus }: { subscriptionStatus: string }) {
  const plan = usePlan({ enabled: subscriptionStatus !== 'loading' });
  const computed = plan.data?.computedStatus;
  if (!computed) return null;
  switch (computed.status) {
    case 'active':
    case 'trialing':
      return null;
    case 'new':
    case 'setup_required':
      return computed.hasUsedTrial ? (
        <GateCard
          icon={<CreditCard aria-hidden="true" />}
          title="Subscribe to Premium"
          action={<Link to="/checkout">Subscribe Now</Link>}
        >
          You have already used your free trial. Subscribe to keep scanning.
        </GateCard>
      ) : (
        <GateCard
          icon={<Sparkles aria-hidden="true" />}
          title="Start your free trial"
          action={<Link to="/checkout?plan=premium&trial=true">Start Free Trial</Link>}
        >
          Free for {TRIAL_TERMS}. Nothing is charged today.
        </GateCard>
      );
    case 'trial_expired':
      return (
        <GateCard
          icon={<Clock aria-hidden="true" />}
          title="Trial Expired"
          action={<Link to="/checkout">Subscribe Now</Link>}
        >
          Your free trial has ended.
        </GateCard>
      );
    case 'cancelled':
      return (
        <GateCard
          icon={<RotateCcw aria-hidden="true" />}
          title="Reactivate Subscription"
          action={<Link to="/checkout">Reactivate Subscription</Link>}
        >
          Your subscription has ended. Reactivate it to scan again.
        </GateCard>
      );
  }
}

function GateCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="mx-auto my-6 max-w-2xl rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950"
    >
      <div className="flex items-start gap-3 [&_svg]:size-6">
        {icon}
        <div className="flex-1">
          <h2 className="text-lg font-bold">{title}</h2>
          <p className="mt-1 text-sm">{children}</p>
          {action ? (
            <Button asChild className="mt-4">
              {action}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
