import type { StoredScan } from '@redflag/contracts/scan';
import { scanTitle } from '@redflag/contracts/scan-title';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ScanSearch } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { readPendingAnalysis } from '@/features/analyzer/utils/pending-analysis';
import { storage } from '@/lib/storage-keys';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { DashboardHeader } from '@/features/dashboard/components/DashboardHeader';
import { PanelError } from '@/features/dashboard/components/PanelError';
import { ScanHistory, ScanHistorySkeleton, type FiltersChange } from '@/features/dashboard/components/ScanHistory';
import { ScanUsageCard } from '@/features/dashboard/components/ScanUsageCard';
import { StatCards, StatCardsSkeleton } from '@/features/dashboard/components/StatCards';
import { usePlanDisplay } from '@/features/billing/hooks/use-plan-display';
import type { PlanDisplay } from '@/features/billing/utils/plan-display';
import { useScanStats } from '@/features/scans/api/get-scan-stats';
import {
  HISTORY_PAGE_SIZE,
  hasActiveFilters,
  historySearchParams,
  pageCount,
  readHistoryFilters,
  type HistoryFilters,
} from '@/features/dashboard/utils/history-query';
import { messagePreview } from '@/features/dashboard/utils/scan-item';
import { useDeleteAllScans, useDeleteScan } from '@/features/scans/api/delete-scans';
import { useScanPage, type ScanPage } from '@/features/scans/api/get-scans';
import { DeleteAllScansDialog, DeleteScanDialog } from '@/features/scans/components/DeleteScanDialogs';
import { useScanUsage } from '@/features/trial/api/get-scan-usage';
import { openAuthModal } from '@/lib/ui-store';
import { isNotFound, isUnauthorized } from '@/lib/errors';
import type { AuthUser } from '../auth';
import { PanelBoundary } from '../error-boundary';
import { MemberRoute } from './member-route';

const LOGGED_OUT_REDIRECT_MS = 500;

/** section 8: a 401 on stats or scans means the session ended: say so, then ask to sign in again. */
function useLoggedOutNotice(errors: unknown[]) {
  const shown = useRef(false);
  const unauthorized = errors.some(isUnauthorized);
  useEffect(() => {
    if (!unauthorized || shown.current) return;
    shown.current = true;
    toast({ title: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => openAuthModal('signin'), LOGGED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [unauthorized]);
}

function StatsPanel() {
  const stats = useScanStats();
  if (stats.isPending) return <StatCardsSkeleton />;
  if (stats.isError) return <PanelError what="your statistics" onRetry={() => void stats.refetch()} />;
  return <StatCards stats={stats.data} />;
}

function UsagePanel({ plan }: { plan: PlanDisplay | undefined }) {
  const usage = useScanUsage();
  if (usage.isPending)
    return (
      <div
        role="status"
        aria-label="Loading scan usage"
        className="h-36 animate-pulse rounded-2xl border border-slate-200 bg-white"
      />
    );
  if (usage.isError) return <PanelError what="your scan usage" onRetry={() => void usage.refetch()} />;
  // Premium (e.g. just converted): no usage card.
  if (usage.data.unlimited) return null;
  return (
    <ScanUsageCard usage={usage.data} plan={{ name: plan?.name ?? 'Free trial', upgrade: plan?.upgrade ?? null }} />
  );
}

function deleteErrorText(error: unknown): string {
  if (isUnauthorized(error)) return 'You are signed out. Sign in again, then delete.';
  return 'We could not delete right now. Nothing was deleted; please try again.';
}

/** The history's search, filters and page live in the URL, so the back button from a report returns to them. */
function useHistoryFilters(): [HistoryFilters, FiltersChange] {
  const [params, setParams] = useSearchParams();
  const filters = readHistoryFilters(params);
  const setFilters = useCallback<FiltersChange>(
    (next, options) =>
      setParams(historySearchParams(next), { replace: options?.replace ?? false, preventScrollReset: true }),
    [setParams],
  );
  return [filters, setFilters];
}

function HistoryPanel({
  history,
  filters,
  onFiltersChange,
  isPremium,
  totalScans,
}: {
  history: UseQueryResult<ScanPage>;
  filters: HistoryFilters;
  onFiltersChange: FiltersChange;
  isPremium: boolean;
  /** Every scan the user has (from the stats), for the delete-all dialog; null until known. */
  totalScans: number | null;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [toDelete, setToDelete] = useState<StoredScan | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const deleteOne = useDeleteScan();
  const deleteAll = useDeleteAllScans();
  // Focus goes to the list's heading after a delete (the row, or the whole list, is gone).
  const focusHeading = useRef(false);
  const closeAutoFocus = (event: Event) => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    event.preventDefault();
    headingRef.current?.focus();
  };

  // Past the last page (its last scan was deleted, or a stale link): go to the last page there is.
  const data = history.data;
  const lastPage = data ? pageCount(data.total, HISTORY_PAGE_SIZE) : 1;
  useEffect(() => {
    if (data && !history.isPlaceholderData && filters.page > lastPage)
      onFiltersChange({ ...filters, page: lastPage }, { replace: true });
  }, [data, history.isPlaceholderData, filters, lastPage, onFiltersChange]);

  if (history.isPending) return <ScanHistorySkeleton />;
  if (history.isError) return <PanelError what="your scans" onRetry={() => void history.refetch()} />;

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteOne.mutate(toDelete.id, {
      onSuccess: () => {
        focusHeading.current = true;
        setToDelete(null);
        toast({ title: 'Scan deleted', description: 'It is no longer in your history.' });
      },
      onError: (error) => {
        // Already gone (another tab): the list refreshes; nothing is left to delete.
        if (isNotFound(error)) {
          focusHeading.current = true;
          setToDelete(null);
          toast({ title: 'Scan already deleted', description: 'It was no longer in your history.' });
        }
      },
    });
  };

  const confirmDeleteAll = () => {
    deleteAll.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        focusHeading.current = true;
        setConfirmAll(false);
        onFiltersChange({ q: '', verdict: '', type: '', page: 1 });
        toast({
          title: 'Scan history deleted',
          description: `${deleted} ${deleted === 1 ? 'scan was' : 'scans were'} deleted.`,
        });
      },
    });
  };

  const deleting = toDelete ? scanTitle(toDelete) : null;
  const title = deleting?.title ?? '';
  return (
    <>
      <ScanHistory
        scans={history.data.scans}
        total={history.data.total}
        pageSize={HISTORY_PAGE_SIZE}
        filters={filters}
        onFiltersChange={onFiltersChange}
        isPremium={isPremium}
        isUpdating={history.isPlaceholderData}
        onDelete={(scan) => {
          deleteOne.reset();
          setToDelete(scan);
        }}
        onDeleteAll={() => {
          deleteAll.reset();
          setConfirmAll(true);
        }}
        headingRef={headingRef}
      />
      <DeleteScanDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        onConfirm={confirmDelete}
        isPending={deleteOne.isPending}
        error={deleteOne.isError && !isNotFound(deleteOne.error) ? deleteErrorText(deleteOne.error) : null}
        onCloseAutoFocus={closeAutoFocus}
        title={title}
        // A title made of the message's first words is its preview already.
        preview={toDelete && deleting?.source === 'verdict' ? messagePreview(toDelete.message) : ''}
        showTrialNote={!isPremium}
      />
      <DeleteAllScansDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        onConfirm={confirmDeleteAll}
        isPending={deleteAll.isPending}
        error={deleteAll.isError ? deleteErrorText(deleteAll.error) : null}
        onCloseAutoFocus={closeAutoFocus}
        count={totalScans}
        filtered={hasActiveFilters(filters)}
        showTrialNote={!isPremium}
      />
    </>
  );
}

export function DashboardPage({ user }: { user: AuthUser }) {
  const stats = useScanStats();
  const [filters, setFilters] = useHistoryFilters();
  const history = useScanPage({
    q: filters.q,
    verdict: filters.verdict,
    type: filters.type,
    page: filters.page,
    limit: HISTORY_PAGE_SIZE,
  });
  useLoggedOutNotice([stats.error, history.error]);
  // The one plan display (also on account, settings and the header); the session's flag until it loads.
  const { display } = usePlanDisplay();
  const isPremium = display ? display.kind === 'premium' : user.isPremium;
  // A visitor's analysis kept through sign-up waits on the scan page (section 4): say so here, where they land.
  const [pending] = useState(() => readPendingAnalysis(storage));

  return (
    <>
      <title>Dashboard · RedFlag</title>
      {/* The dark band grows with the heading (two lines each on a phone), then reaches 2rem into the panels. */}
      <div className="bg-slate-50 pb-20">
        <div className="bg-ink-900">
          <div className="mx-auto max-w-5xl px-4 pt-10 sm:px-6 md:pt-14 lg:px-8">
            <DashboardHeader firstName={user.firstName} returning={(stats.data?.totalScans ?? 0) > 0} />
          </div>
        </div>
        <div className="bg-gradient-to-b from-ink-900 from-[2rem] to-slate-50 to-[2rem]">
          <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-6 sm:px-6 lg:px-8">
            {pending ? (
              <Alert variant="info" data-testid="pending-analysis">
                <ScanSearch aria-hidden="true" />
                <AlertTitle>Your message is waiting</AlertTitle>
                <AlertDescription className="flex flex-wrap items-center gap-3">
                  <span>
                    The message you pasted before signing up is ready on the scan page: “
                    {messagePreview(pending.message)}”
                  </span>
                  <Button asChild size="sm">
                    <Link to="/scan">Scan it now</Link>
                  </Button>
                </AlertDescription>
              </Alert>
            ) : null}
            <PanelBoundary name="statistics">
              <StatsPanel />
            </PanelBoundary>
            {isPremium ? null : (
              <PanelBoundary name="scan usage">
                <UsagePanel plan={display} />
              </PanelBoundary>
            )}
            <PanelBoundary name="scan history">
              <HistoryPanel
                history={history}
                filters={filters}
                onFiltersChange={setFilters}
                isPremium={isPremium}
                totalScans={stats.data?.totalScans ?? null}
              />
            </PanelBoundary>
          </div>
        </div>
      </div>
    </>
  );
}

/** /dashboard (docs/product.md §2). The verified / recovered toasts are the accounts feature's. */
export function DashboardRoute() {
  return (
    <MemberRoute page="dashboard" what="view your dashboard and scan history">
      {(user) => <DashboardPage user={user} />}
    </MemberRoute>
  );
}
