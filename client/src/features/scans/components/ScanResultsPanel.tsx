import type { StoredScan } from '@redflag/contracts/scan';
import { ArrowRight, LoaderCircle, Radar, SquarePen } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The result view carries the findings UI and the contracts' scam-type labels: fetched on first result. */
const ScanResultView = lazy(() => import('./ScanResultView'));

export function preloadScanResultView(): void {
  void import('./ScanResultView');
}

function Analyzing() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-14 text-center">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-600" />
      <p className="text-sm font-bold uppercase tracking-widest text-slate-800">Scanning message...</p>
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">AI analyzing message patterns...</p>
    </div>
  );
}

/** SCAN RESULTS on the scan page: empty, scanning, or the latest scan's verdict. */
export function ScanResultsPanel({
  result,
  isScanning,
  renderFollowUps,
  onNewScan,
}: {
  result: StoredScan | null;
  isScanning: boolean;
  /** New scan: empties the form for the next message (shown once there is a result to move on from). */
  onNewScan?: () => void;
  /** What app/ puts under the verdict (report, feedback, share): see ScanResultView's followUps. */
  renderFollowUps?: (scan: StoredScan) => ReactNode;
}) {
  return (
    <section
      aria-labelledby="scan-results-title"
      aria-live="polite"
      aria-busy={isScanning}
      className="rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-ink-900/10"
    >
      {/* On a phone the title and both buttons do not fit one line: the buttons go under the title, not the title onto two lines. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-100 px-5 py-4 md:px-7">
        <h2
          id="scan-results-title"
          className="whitespace-nowrap text-lg font-extrabold uppercase tracking-tight text-slate-900"
        >
          Scan results
        </h2>
        <div className="flex flex-wrap items-center justify-end gap-1">
          {onNewScan && result && !isScanning ? (
            <Button variant="outline" size="sm" onClick={onNewScan}>
              <SquarePen aria-hidden="true" /> New scan
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="sm">
            <Link to="/dashboard">
              View All <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
      <div className="px-5 py-6 md:px-7">
        {isScanning ? (
          <Analyzing />
        ) : result ? (
          <Suspense fallback={<Analyzing />}>
            <ScanResultView scan={result} followUps={renderFollowUps?.(result)} />
          </Suspense>
        ) : (
          <div className="flex flex-col items-center gap-3 py-14 text-center text-slate-600">
            <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
              <Radar aria-hidden="true" className="size-7" />
            </span>
            <p className="text-sm font-medium">Run a scan to see results here</p>
          </div>
        )}
      </div>
    </section>
  );
}
