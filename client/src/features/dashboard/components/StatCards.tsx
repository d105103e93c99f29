import type { UserStats } from '@redflag/contracts/scan';
import { Gauge, ScanSearch, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { averageRisk } from '../utils/scan-item';

function StatCard({ icon, label, value, tone }: { icon: ReactNode; label: string; value: string; tone: string }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className={`grid size-12 shrink-0 place-items-center rounded-xl [&_svg]:size-6 ${tone}`}>{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-bold uppercase tracking-widest text-slate-600">{label}</p>
        <p className="text-3xl font-black tabular-nums text-slate-900">{value}</p>
      </div>
    </div>
  );
}

/** TOTAL SCANS, SCAMS DETECTED, AVG RISK SCORE (with the spec's average fallback). */
export function StatCards({ stats }: { stats: UserStats }) {
  return (
    <div data-testid="stat-cards" className="grid gap-4 sm:grid-cols-3">
      <StatCard icon={<ScanSearch aria-hidden="true" />} label="Total scans" value={String(stats.totalScans)} tone="bg-slate-100 text-slate-700" />
      <StatCard icon={<ShieldAlert aria-hidden="true" />} label="Scams detected" value={String(stats.scamsDetected)} tone="bg-red-100 text-red-700" />
      <StatCard icon={<Gauge aria-hidden="true" />} label="Avg risk score" value={`${averageRisk(stats)}%`} tone="bg-amber-100 text-amber-800" />
    </div>
  );
}

export function StatCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading statistics" className="grid gap-4 sm:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
          <span className="size-12 animate-pulse rounded-xl bg-slate-200" />
          <span className="grid flex-1 gap-2">
            <span className="h-3 w-24 animate-pulse rounded bg-slate-200" />
            <span className="h-7 w-12 animate-pulse rounded bg-slate-200" />
          </span>
        </div>
      ))}
    </div>
  );
}
