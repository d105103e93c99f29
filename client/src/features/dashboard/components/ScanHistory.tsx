import { riskBand } from '@redflag/contracts/constants';
import type { StoredScan } from '@redflag/contracts/scan';
import { Clock, Gauge, Inbox, MessageSquare, Phone, Plus, ShieldAlert, ShieldCheck, Sparkles, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { riskVariants } from '@/components/ui/risk-badge';
import { PLATFORMS } from '@/lib/platforms';
import { cn } from '@/lib/utils';
import { confidencePercent, messagePreview, moreReasonsLabel, reasonsSummary, relativeTime, scanTitle } from '../utils/scan-item';

const BAND_ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

function platformLabel(value: string | null): string | null {
  if (!value) return null;
  return PLATFORMS.find((p) => p.value === value)?.label ?? value;
}

function ScanItem({ scan, isPremium, now }: { scan: StoredScan; isPremium: boolean; now: Date }) {
  const band = riskBand(scan.riskScore);
  const Icon = BAND_ICONS[band];
  const reasons = reasonsSummary(scan.reasons);
  const platform = platformLabel(scan.platform);
  return (
    <li data-testid="scan-item" className="flex gap-3 p-4 sm:gap-4 sm:p-5">
      <span className={cn(riskVariants({ band }), 'grid size-11 shrink-0 place-items-center rounded-xl border')}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 className="font-bold text-slate-900">{scanTitle(scan.scamType, scan.riskScore)}</h3>
          <span className="flex items-center gap-2">
            <span className={cn(riskVariants({ band }), 'rounded-full border px-2 py-0.5 text-xs font-extrabold tabular-nums')}>
              <span className="sr-only">Risk score </span>
              {scan.riskScore}/100
            </span>
            <time dateTime={scan.createdAt} className="flex items-center gap-1 text-xs text-slate-600">
              <Clock aria-hidden="true" className="size-3.5" />
              {relativeTime(scan.createdAt, now)}
            </time>
          </span>
        </div>
        <p className="break-words text-sm text-slate-700">{messagePreview(scan.message)}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {platform ? (
            <li className="flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" /> {platform}
            </li>
          ) : null}
          {scan.phoneNumber ? (
            <li className="flex items-center gap-1">
              <Phone aria-hidden="true" className="size-3.5" /> {scan.phoneNumber}
            </li>
          ) : null}
          <li className="flex items-center gap-1">
            <Gauge aria-hidden="true" className="size-3.5" /> {confidencePercent(scan.confidence)}% confidence
          </li>
        </ul>
        {reasons.shown.length > 0 ? (
          <ul className="mt-1 grid gap-1 text-sm text-slate-700">
            {reasons.shown.map((reason, i) => (
              <li key={i} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-slate-400" />
                <span className="min-w-0">{reason}</span>
              </li>
            ))}
            {reasons.more > 0 ? <li className="pl-3.5 text-xs font-semibold text-slate-600">{moreReasonsLabel(reasons.more)}</li> : null}
          </ul>
        ) : null}
        {!isPremium ? (
          <div className="mt-1">
            <Button asChild size="sm" variant="outline" className="h-8 text-xs">
              <Link to="/checkout" aria-label={`Enhance this scan with Premium phone and email checks`}>
                <Sparkles aria-hidden="true" /> ENHANCE
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function Header() {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
      <h2 id="all-scans-title" className="text-sm font-extrabold uppercase tracking-widest text-slate-900">
        All scans
      </h2>
      <Button asChild size="sm">
        <Link to="/">
          <Plus aria-hidden="true" /> New Scan
        </Link>
      </Button>
    </div>
  );
}

/** ALL SCANS: each scan as product-spec.md section 2 lists it, or NO SCANS YET. */
export function ScanHistory({ scans, isPremium, now = new Date() }: { scans: readonly StoredScan[]; isPremium: boolean; now?: Date }) {
  return (
    <section aria-labelledby="all-scans-title" data-testid="scan-history" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Header />
      {scans.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
            <Inbox aria-hidden="true" className="size-7" />
          </span>
          <p className="font-extrabold uppercase tracking-wide text-slate-900">No scans yet</p>
          <p className="max-w-sm text-sm text-slate-600">Start analyzing buyer messages to see your scan history here.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {scans.map((scan) => (
            <ScanItem key={scan.id} scan={scan} isPremium={isPremium} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ScanHistorySkeleton() {
  return (
    <section aria-labelledby="all-scans-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Header />
      <div role="status" aria-label="Loading your scans" className="divide-y divide-slate-100">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4 p-5">
            <span className="size-11 animate-pulse rounded-xl bg-slate-200" />
            <span className="grid flex-1 gap-2">
              <span className="h-4 w-40 animate-pulse rounded bg-slate-200" />
              <span className="h-3 w-full max-w-md animate-pulse rounded bg-slate-200" />
              <span className="h-3 w-56 animate-pulse rounded bg-slate-200" />
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
