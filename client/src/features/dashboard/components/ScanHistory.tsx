import { riskBand } from '@redflag/contracts/constants';
import type { StoredScan } from '@redflag/contracts/scan';
import { scanTitle } from '@redflag/contracts/scan-title';
import {
  ChevronLeft,
  ChevronRight,
  Clock,
  Gauge,
  ImageIcon,
  Inbox,
  Mail,
  MessageSquare,
  Phone,
  Plus,
  SearchX,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  Trash2,
  TriangleAlert,
  X,
} from 'lucide-react';
import { type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { riskVariants } from '@/components/ui/risk-badge';
import { PLATFORMS } from '@redflag/contracts/platforms';
import { cn } from '@/lib/utils';
import {
  hasActiveFilters,
  pageCount,
  pageRange,
  TYPE_OPTIONS,
  VERDICT_OPTIONS,
  type HistoryFilters,
} from '../utils/history-query';
import {
  confidencePercent,
  messagePreview,
  moreReasonsLabel,
  reasonsSummary,
  relativeTime,
  watchedReasons,
} from '../utils/scan-item';

const BAND_ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

function platformLabel(value: string | null): string | null {
  if (!value) return null;
  return PLATFORMS.find((p) => p.value === value)?.label ?? value;
}

import { HistoryToolbar, type FiltersChange } from './HistoryToolbar';

export type { FiltersChange };

function ScanItem({
  scan,
  isPremium,
  now,
  onDelete,
}: {
  scan: StoredScan;
  isPremium: boolean;
  now: Date;
  onDelete: (scan: StoredScan) => void;
}) {
  const band = riskBand(scan.riskScore);
  const Icon = BAND_ICONS[band];
  const reasons = reasonsSummary(scan.reasons);
  const watched = watchedReasons(scan);
  const platform = platformLabel(scan.platform);
  const { title, source } = scanTitle(scan);
  // The report's "All scans" link returns to this search and page.
  const { search } = useLocation();
  return (
    // The title's link stretches over the whole row (its ::after), so a click anywhere opens the report;
    // the row's own buttons sit above it. One link per row: no nested interactive elements.
    <li
      data-testid="scan-item"
      className="group relative flex gap-3 p-4 transition-colors hover:bg-slate-50 focus-within:bg-slate-50 sm:gap-4 sm:p-5"
    >
      <span className={cn(riskVariants({ band }), 'grid size-11 shrink-0 place-items-center rounded-xl border')}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 className="min-w-0 break-words font-bold text-slate-900">
            <Link
              to={`/scans/${scan.id}`}
              state={{ historySearch: search }}
              className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {title}
            </Link>
          </h3>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                riskVariants({ band }),
                'rounded-full border px-2 py-0.5 text-xs font-extrabold tabular-nums',
              )}
            >
              <span className="sr-only">Risk score </span>
              {scan.riskScore}/100
            </span>
            <time
              dateTime={scan.createdAt}
              className="flex items-center gap-1 whitespace-nowrap text-xs text-slate-600"
            >
              <Clock aria-hidden="true" className="size-3.5" />
              {relativeTime(scan.createdAt, now)}
            </time>
          </span>
        </div>
        {/* A title made of the message's first words is the preview already. */}
        {source === 'verdict' ? (
          <p className="break-words text-sm text-slate-700">{messagePreview(scan.message)}</p>
        ) : null}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {platform ? (
            <li className="flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" /> {platform}
            </li>
          ) : null}
          {scan.source === 'image' ? (
            <li className="flex items-center gap-1">
              <ImageIcon aria-hidden="true" className="size-3.5" /> From a screenshot
            </li>
          ) : null}
          {scan.source === 'email' ? (
            <li className="flex items-center gap-1">
              <Mail aria-hidden="true" className="size-3.5" /> Forwarded by e-mail
            </li>
          ) : null}
          {scan.phoneNumber ? (
            <li className="flex min-w-0 items-center gap-1 break-all">
              <Phone aria-hidden="true" className="size-3.5 shrink-0" /> {scan.phoneNumber}
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
                <span
                  aria-hidden="true"
                  className={`mt-2 size-1.5 shrink-0 rounded-full ${watched.has(reason) ? 'bg-amber-500' : 'bg-slate-400'}`}
                />
                <span className="min-w-0 break-words">
                  {watched.has(reason) ? <span className="font-semibold text-amber-800">Worth watching: </span> : null}
                  {reason}
                </span>
              </li>
            ))}
            {reasons.more > 0 ? (
              <li className="pl-3.5 text-xs font-semibold text-slate-600">{moreReasonsLabel(reasons.more)}</li>
            ) : null}
          </ul>
        ) : null}
        <div className="relative z-10 mt-1 flex flex-wrap items-center gap-2">
          {!isPremium ? (
            <Button asChild size="sm" variant="outline" className="h-8 text-xs">
              {/* The trial already checks phone numbers and e-mail addresses: what Premium adds is no scan limit. */}
              <Link to="/checkout" aria-label="Enhance: go Premium for unlimited scans">
                <Sparkles aria-hidden="true" /> ENHANCE
              </Link>
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="h-8 text-xs text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onDelete(scan)}
            aria-label={`Delete scan: ${title}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </div>
      <ChevronRight
        aria-hidden="true"
        className="hidden size-5 shrink-0 self-center text-slate-400 transition-transform group-hover:translate-x-0.5 sm:block"
      />
    </li>
  );
}

function Header({ headingRef, onDeleteAll }: { headingRef?: Ref<HTMLHeadingElement>; onDeleteAll?: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
      <h2
        id="all-scans-title"
        ref={headingRef}
        tabIndex={-1}
        className="rounded-sm text-sm font-extrabold uppercase tracking-widest text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        All scans
      </h2>
      <div className="flex items-center gap-2">
        {onDeleteAll ? (
          // Icon only on phones, so the heading and both buttons keep one line.
          <Button
            size="sm"
            variant="ghost"
            className="px-2.5 text-red-700 hover:bg-red-50 hover:text-red-800 sm:px-3"
            onClick={onDeleteAll}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Delete all</span>
          </Button>
        ) : null}
        <Button asChild size="sm">
          <Link to="/">
            <Plus aria-hidden="true" /> New Scan
          </Link>
        </Button>
      </div>
    </div>
  );
}

function NoScansYet() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
        <Inbox aria-hidden="true" className="size-7" />
      </span>
      <p className="font-extrabold uppercase tracking-wide text-slate-900">No scans yet</p>
      <p className="max-w-sm text-sm text-slate-600">
        Check a message you received, and your scan history shows up here.
      </p>
    </div>
  );
}

function NoMatches({ filters, onClear }: { filters: HistoryFilters; onClear: () => void }) {
  const parts = [
    filters.q ? `“${filters.q}”` : null,
    VERDICT_OPTIONS.find((o) => o.value === filters.verdict)?.label ?? null,
    TYPE_OPTIONS.find((o) => o.value === filters.type)?.label ?? null,
  ].filter((p): p is string => p !== null);
  return (
    <div data-testid="no-matches" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <p className="font-extrabold uppercase tracking-wide text-slate-900">No matching scans</p>
      <p className="max-w-md break-words text-sm text-slate-600">
        Nothing in your history matches {parts.join(' · ')}. Try other words or fewer filters.
      </p>
      <Button variant="outline" size="sm" onClick={onClear}>
        <X aria-hidden="true" /> Clear search and filters
      </Button>
    </div>
  );
}

function Pager({
  filters,
  shown,
  total,
  pageSize,
  onFiltersChange,
}: {
  filters: HistoryFilters;
  shown: number;
  total: number;
  pageSize: number;
  onFiltersChange: FiltersChange;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav
      aria-label="Scan history pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-5"
    >
      <p data-testid="history-range" aria-live="polite">
        {pageRange(filters.page, pageSize, shown, total)}{' '}
        {hasActiveFilters(filters)
          ? total === 1
            ? 'matching scan'
            : 'matching scans'
          : total === 1
            ? 'scan'
            : 'scans'}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={filters.page <= 1}
            onClick={() => onFiltersChange({ ...filters, page: filters.page - 1 })}
          >
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <span className="tabular-nums">
            Page {filters.page} of {pages}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={filters.page >= pages}
            onClick={() => onFiltersChange({ ...filters, page: filters.page + 1 })}
          >
            Next <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

export interface ScanHistoryProps {
  scans: readonly StoredScan[];
  /** How many scans match the filters in all. */
  total: number;
  pageSize: number;
  filters: HistoryFilters;
  onFiltersChange: FiltersChange;
  isPremium: boolean;
  /** A new search, filter or page is loading: the current rows stay, marked busy. */
  isUpdating?: boolean;
  onDelete: (scan: StoredScan) => void;
  onDeleteAll: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  now?: Date;
}

/** ALL SCANS: search and filters, each scan opening its report, paging; NO SCANS YET or NO MATCHING SCANS. */
export function ScanHistory({
  scans,
  total,
  pageSize,
  filters,
  onFiltersChange,
  isPremium,
  isUpdating = false,
  onDelete,
  onDeleteAll,
  headingRef,
  now = new Date(),
}: ScanHistoryProps) {
  const filtered = hasActiveFilters(filters);
  const empty = scans.length === 0;
  // With no scans at all there is nothing to search or delete.
  const hasHistory = !empty || filtered || filters.page > 1;
  return (
    <section
      aria-labelledby="all-scans-title"
      data-testid="scan-history"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <Header headingRef={headingRef} onDeleteAll={hasHistory ? onDeleteAll : undefined} />
      {hasHistory ? <HistoryToolbar filters={filters} onFiltersChange={onFiltersChange} /> : null}
      <div aria-busy={isUpdating} className={cn('transition-opacity', isUpdating && 'opacity-60')}>
        {empty ? (
          filtered ? (
            <NoMatches filters={filters} onClear={() => onFiltersChange({ q: '', verdict: '', type: '', page: 1 })} />
          ) : (
            <NoScansYet />
          )
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {scans.map((scan) => (
                <ScanItem key={scan.id} scan={scan} isPremium={isPremium} now={now} onDelete={onDelete} />
              ))}
            </ul>
            <Pager
              filters={filters}
              shown={scans.length}
              total={total}
              pageSize={pageSize}
              onFiltersChange={onFiltersChange}
            />
          </>
        )}
      </div>
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
