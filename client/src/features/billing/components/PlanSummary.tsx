import type { PlanDisplay } from '../utils/plan-display';
import { PlanBadge } from './plan-badge';

/** The plan badge with its one-line status, as Settings shows it (same words as Account's billing card). */
export function PlanSummary({ display, isError }: { display: PlanDisplay | undefined; isError?: boolean }) {
  if (isError) return <span className="text-slate-600">Unavailable right now</span>;
  if (!display) return <span className="text-slate-600">Loading…</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <PlanBadge display={display} />
      <span data-testid="plan-status" className="text-slate-900">
        {display.status}
      </span>
    </span>
  );
}
