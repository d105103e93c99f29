import type { UserStats } from '@redflag/contracts/scan';
import { Gauge, ScanSearch, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { averageRisk } from '../utils/scan-item';

function StatCard({ icon, label, value, tone }: { icon: ReactNode; label: string; value: ReactNode; tone: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-xl [&_svg]:size-5 sm:size-12 sm:[&_svg]:size-6 ${tone}`}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-[0.625rem] font-bold uppercase leading-tight tracking-wider text-slate-600 sm:text-xs sm:tracking-widest">
          {label}
        </p>
        <p className="text-2xl font-black tabular-nums text-slate-900 sm:text-3xl">{value}</p>
      </div>
    </div>
  );
}

/** TOTAL SCANS, SCAMS DETECTED, AVG RISK SCORE (with the spec's average fallback). */
export function StatCards({ stats }: { stats: UserStats }) {
  return (
    <div data-testid="stat-cards" className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard
        icon={<ScanSearch aria-hidden="true" />}
        label="Total scans"
        value={String(stats.totalScans)}
        tone="bg-slate-100 text-slate-700"
      />
      <StatCard
        icon={<ShieldAlert aria-hidden="true" />}
        label="Scams detected"
        value={String(stats.scamsDetected)}
        tone="bg-red-100 text-red-700"
      />
      {/* The score is 0-100, not a percentage: "94/100" as the result card writes it. */}
      <StatCard
        icon={<Gauge aria-hidden="true" />}
        label="Avg risk score"
        value={
          <>
            {averageRisk(stats)}
            <span className="text-sm font-bold text-slate-500 sm:text-base">/100</span>
          </>
        }
        tone="bg-amber-100 text-amber-800"
      />
    </div>
  );
}

export function StatCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading statistics" className="grid grid-cols-3 gap-2 sm:gap-4">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
        >
          <span className="size-9 animate-pulse rounded-xl bg-slate-200 sm:size-12" />
          <span className="grid flex-1 gap-2">
            <span className="h-3 w-16 animate-pulse rounded bg-slate-200 sm:w-24" />
            <span className="h-7 w-12 animate-pulse rounded bg-slate-200" />
          </span>
        </div>
      ))}
    </div>
  );
}
