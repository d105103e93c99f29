import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { track } from '@/lib/analytics';
import { cn } from '@/lib/utils';
import { usageView } from '../utils/scan-item';

/**
 * SCAN USAGE for non-premium users: the plan's name (the one plan display, handed in by app/) or LIMIT
 * REACHED, used/max, remaining, bar, and the upgrade link only when there is something to upgrade from.
 */
export function ScanUsageCard({
  usage,
  plan,
}: {
  usage: { scanCount: number; maxScans: number };
  plan: { name: string; upgrade: { to: string; label: string } | null };
}) {
  const view = usageView(usage);
  return (
    <section
      aria-labelledby="scan-usage-title"
      data-testid="scan-usage"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 id="scan-usage-title" className="text-sm font-extrabold uppercase tracking-widest text-slate-900">
            Scan usage
          </h2>
          <Badge
            variant={view.limitReached ? 'default' : 'secondary'}
            className={cn(view.limitReached && 'bg-red-700')}
          >
            {view.limitReached ? 'Limit reached' : plan.name}
          </Badge>
        </div>
        <p className="text-sm font-bold tabular-nums text-slate-900">
          {usage.scanCount}/{usage.maxScans} <span className="font-medium text-slate-600">scans used</span>
        </p>
      </div>
      <Progress
        value={view.percent}
        aria-label="Trial scans used"
        className="mt-4 h-2.5"
        indicatorClassName={view.limitReached ? 'bg-red-600' : 'bg-brand-600'}
      />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {view.limitReached
            ? 'You have used all your trial scans. Premium gives you unlimited scans.'
            : `${view.remaining} ${view.remaining === 1 ? 'scan' : 'scans'} remaining in your free trial.`}
        </p>
        {plan.upgrade ? (
          <Button asChild size="sm">
            <Link to={plan.upgrade.to} onClick={() => track('upgrade_click', { source: 'dashboard_usage' })}>
              <Crown aria-hidden="true" /> {plan.upgrade.label}
            </Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
