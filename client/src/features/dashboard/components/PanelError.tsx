import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A panel whose data failed to load: says so and offers a retry, without touching the other panels. */
export function PanelError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700"
    >
      <TriangleAlert aria-hidden="true" className="size-6 text-amber-600" />
      <p>We couldn't load {what} right now.</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}
