import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { DashboardHeader } from '@/features/dashboard/components/DashboardHeader';
import { PanelError } from '@/features/dashboard/components/PanelError';
import { ScanHistory, ScanHistorySkeleton } from '@/features/dashboard/components/ScanHistory';
import { ScanUsageCard } from '@/features/dashboard/components/ScanUsageCard';
import { StatCards, StatCardsSkeleton } from '@/features/dashboard/components/StatCards';
import { useScanStats } from '@/features/scans/api/get-scan-stats';
import { useScans } from '@/features/scans/api/get-scans';
import { useScanUsage } from '@/features/trial/api/get-scan-usage';
import { openAuthModal } from '@/lib/events';
import type { AuthUser } from '../auth';
import { PanelBoundary } from '../error-boundary';
import { MemberRoute } from './member-route';

const LOGGED_OUT_REDIRECT_MS = 500;

function isUnauthorized(error: unknown): boolean {
  return String(error).includes('401');
}

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

function UsagePanel() {
  const usage = useScanUsage();
  if (usage.isPending) return <div role="status" aria-label="Loading scan usage" className="h-36 animate-pulse rounded-2xl border border-slate-200 bg-white" />;
  if (usage.isError) return <PanelError what="your scan usage" onRetry={() => void usage.refetch()} />;
  // Premium (e.g. just converted): no usage card.
  if (usage.data.unlimited) return null;
  return <ScanUsageCard usage={usage.data} />;
}

function HistoryPanel({ isPremium }: { isPremium: boolean }) {
  const scans = useScans();
  if (scans.isPending) return <ScanHistorySkeleton />;
  if (scans.isError) return <PanelError what="your scans" onRetry={() => void scans.refetch()} />;
  return <ScanHistory scans={scans.data} isPremium={isPremium} />;
}

export function DashboardPage({ user }: { user: AuthUser }) {
  const stats = useScanStats();
  const scans = useScans();
  useLoggedOutNotice([stats.error, scans.error]);

  return (
    <>
      <title>Dashboard · RedFlag</title>
      <div className="bg-gradient-to-b from-ink-900 from-[11rem] to-slate-50 to-[11rem] pb-20">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-10 sm:px-6 md:pt-14 lg:px-8">
          <DashboardHeader firstName={user.firstName} />
          <PanelBoundary name="statistics">
            <StatsPanel />
          </PanelBoundary>
          {user.isPremium ? null : (
            <PanelBoundary name="scan usage">
              <UsagePanel />
            </PanelBoundary>
          )}
          <PanelBoundary name="scan history">
            <HistoryPanel isPremium={user.isPremium} />
          </PanelBoundary>
        </div>
      </div>
    </>
  );
}

/** /dashboard (product-spec.md section 2). The verified / recovered toasts are the accounts feature's. */
export function DashboardRoute() {
  return (
    <MemberRoute page="dashboard" what="view your dashboard and scan history">
      {(user) => <DashboardPage user={user} />}
    </MemberRoute>
  );
}
