import { scanTitle } from '@redflag/contracts/scan-title';
import type { StoredScan } from '@redflag/contracts/scan';
import { ArrowLeft, LayoutDashboard, Plus, RotateCcw, SearchX, Trash2, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { messagePreview } from '@/features/dashboard/utils/scan-item';
import { useDeleteScan } from '@/features/scans/api/delete-scans';
import { useScan } from '@/features/scans/api/get-scan';
import { DeleteScanDialog } from '@/features/scans/components/DeleteScanDialogs';
import ScanResultView from '@/features/scans/components/ScanResultView';
import { isNotFound } from '@/lib/errors';
import { PLATFORMS } from '@redflag/contracts/platforms';
import { PanelBoundary } from '../error-boundary';
import { ScanFollowUps } from '../scan-follow-ups';
import { MemberRoute } from './member-route';
import { PageSpinner, StatusCard } from './status-card';

/**
 * Where "All scans" goes back to: the dashboard with the search and filters the report was opened from
 * (the history's rows pass them as link state), else the plain dashboard.
 */
function useBackToHistory(): string {
  const state: unknown = useLocation().state;
  const search = typeof state === 'object' && state !== null && 'historySearch' in state ? state.historySearch : null;
  return typeof search === 'string' && search.startsWith('?') ? `/dashboard${search}` : '/dashboard';
}

function formatScannedAt(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function ReportMissing({ back }: { back: string }) {
  return (
    <>
      <title>Scan not found · RedFlag</title>
      <StatusCard
        icon={<SearchX aria-hidden="true" />}
        title="Scan not found"
        actions={
          <>
            <Button asChild size="lg">
              <Link to={back}>
                <LayoutDashboard aria-hidden="true" /> Back to your scans
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/scan">
                <Plus aria-hidden="true" /> New scan
              </Link>
            </Button>
          </>
        }
      >
        <p>This scan is not in your history. It may have been deleted, or the link may belong to another account.</p>
      </StatusCard>
    </>
  );
}

function ReportFailed({ back, onRetry }: { back: string; onRetry: () => void }) {
  return (
    <>
      <title>Report unavailable · RedFlag</title>
      <StatusCard
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title="We couldn't load this report"
        actions={
          <>
            <Button size="lg" onClick={onRetry}>
              <RotateCcw aria-hidden="true" /> Try again
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={back}>
                <LayoutDashboard aria-hidden="true" /> Back to your scans
              </Link>
            </Button>
          </>
        }
      >
        <p>Something went wrong on our side or with the connection. Your scan is still stored.</p>
      </StatusCard>
    </>
  );
}

function Report({ scan, back, isPremium }: { scan: StoredScan; back: string; isPremium: boolean }) {
  const navigate = useNavigate();
  const deleteScan = useDeleteScan();
  const [confirming, setConfirming] = useState(false);
  const leaving = useRef(false);
  const { title, source } = scanTitle(scan);
  const scannedAt = formatScannedAt(scan.createdAt);
  const platform = scan.platform ? (PLATFORMS.find((p) => p.value === scan.platform)?.label ?? null) : null;

  const confirmDelete = () => {
    deleteScan.mutate(scan.id, {
      onSuccess: () => {
        leaving.current = true;
        setConfirming(false);
        toast({ title: 'Scan deleted', description: 'It is no longer in your history.' });
        void navigate(back, { replace: true });
      },
    });
  };

  return (
    <>
      <title>{`${title} · Scan report · RedFlag`}</title>
      <div className="pb-20">
        {/* The dark band ends under the card's top edge however many lines the title takes. */}
        <div className="bg-ink-900 pb-16">
          <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 md:pt-10">
            <Button asChild variant="ghost-inverse" size="sm" className="-ml-3">
              <Link to={back}>
                <ArrowLeft aria-hidden="true" /> All scans
              </Link>
            </Button>
            <p className="mt-4 text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Scan report</p>
            <h1
              data-testid="report-title"
              className="mt-2 break-words text-2xl font-black tracking-tight text-white md:text-4xl"
            >
              {title}
            </h1>
            <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-slate-300">
              {scannedAt ? <span>Scanned {scannedAt}</span> : null}
              {platform ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{platform}</span>
                </>
              ) : null}
              {scan.source === 'image' ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>From a screenshot</span>
                </>
              ) : null}
              {scan.source === 'email' ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>Forwarded by e-mail</span>
                </>
              ) : null}
            </p>
          </div>
        </div>
        <div className="mx-auto -mt-10 max-w-3xl px-4 sm:px-6">
          <section
            aria-labelledby="report-result-title"
            className="rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-ink-900/10"
          >
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 md:px-7">
              <h2 id="report-result-title" className="text-lg font-extrabold uppercase tracking-tight text-slate-900">
                Scan result
              </h2>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => {
                  deleteScan.reset();
                  setConfirming(true);
                }}
              >
                <Trash2 aria-hidden="true" /> Delete scan
              </Button>
            </div>
            <div className="px-5 py-6 md:px-7">
              <PanelBoundary name="scan report">
                {/* Opened by navigation: the page starts at its top and title, not on a focused verdict. */}
                <ScanResultView scan={scan} focusOnShow={false} followUps={<ScanFollowUps scan={scan} />} />
              </PanelBoundary>
            </div>
          </section>
        </div>
      </div>
      <DeleteScanDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={confirmDelete}
        isPending={deleteScan.isPending}
        error={
          deleteScan.isError
            ? isNotFound(deleteScan.error)
              ? 'This scan was already deleted.'
              : 'We could not delete this scan right now. Nothing was deleted; please try again.'
            : null
        }
        // Leaving for the history: no focus back to a button that is going away.
        onCloseAutoFocus={(event) => (leaving.current ? event.preventDefault() : undefined)}
        title={title}
        preview={source === 'verdict' ? messagePreview(scan.message) : ''}
        showTrialNote={!isPremium}
      />
    </>
  );
}

function ScanReportPage({ id, isPremium }: { id: string; isPremium: boolean }) {
  const back = useBackToHistory();
  const scan = useScan(id);
  if (scan.isPending) return <PageSpinner label="Loading your report..." />;
  if (scan.isError) {
    // Another user's scan, a deleted one and a made-up id are the same 404: nothing tells them apart.
    if (isNotFound(scan.error)) return <ReportMissing back={back} />;
    return <ReportFailed back={back} onRetry={() => void scan.refetch()} />;
  }
  return <Report scan={scan.data} back={back} isPremium={isPremium} />;
}

/** /scans/:id: one stored scan's full report, the same result card the scan page shows (History). */
export function ScanReportRoute() {
  const { id = '' } = useParams();
  return (
    <MemberRoute page="scan" what="view your scan reports">
      {(user) => <ScanReportPage id={id} isPremium={user.isPremium} />}
    </MemberRoute>
  );
}
