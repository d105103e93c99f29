import { riskBand } from '@redflag/contracts/constants';
import type { SharedScan } from '@redflag/contracts/feedback';
import { scamTypeLabel } from '@redflag/contracts/scan';
import { cva } from 'class-variance-authority';
import { Lightbulb, ListChecks, MessageSquareText, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import ReputationFindings from '@/components/reputation-findings';
import { RISK_LABELS, riskFillVariants, riskVariants } from '@/components/ui/risk-badge';
import { cn } from '@/lib/utils';

const BAND_ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

const dotVariants = cva('mt-1.5 size-2 shrink-0 rounded-full', {
  variants: { tone: { high: 'bg-red-600', medium: 'bg-amber-500', low: 'bg-sky-500', info: 'bg-slate-400', reassuring: 'bg-emerald-600' } },
});

/** The verdict as the owner chose to share it: no message (nor anything quoting it) unless included. */
export default function SharedVerdictView({ scan }: { scan: SharedScan }) {
  const band = riskBand(scan.riskScore);
  const Icon = BAND_ICONS[band];
  // Below 40 a type is only the closest match; the shared page names a type only with a warning verdict.
  const type = band === 'legitimate' ? null : scamTypeLabel(scan.scamType);
  const reasons =
    scan.reasonDetails.length > 0
      ? [...scan.reasonDetails].sort((a, b) => b.weight - a.weight).map((d) => ({ key: d.id, text: d.text, tone: d.weight < 0 ? ('reassuring' as const) : d.severity }))
      : scan.reasons.map((text) => ({ key: text, text, tone: 'info' as const }));

  return (
    <article data-testid="shared-result" data-band={band} className="grid gap-6">
      <div className={cn(riskVariants({ band }), 'grid gap-4 rounded-2xl border p-5')}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="grid size-12 place-items-center rounded-xl bg-white/70">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <div>
              <h2 data-testid="shared-verdict" className="text-xl font-black tracking-tight">
                {RISK_LABELS[band]}
              </h2>
              {type ? <p className="text-sm font-semibold">{type}</p> : null}
            </div>
          </div>
          <p className="text-right">
            <span className="text-4xl font-black tabular-nums">{scan.riskScore}</span>
            <span className="text-sm font-bold">/100</span>
            <span className="block text-xs font-bold uppercase tracking-wide">Risk score</span>
          </p>
        </div>
        <div role="meter" aria-label="Risk score" aria-valuemin={0} aria-valuemax={100} aria-valuenow={scan.riskScore} className="h-2.5 overflow-hidden rounded-full bg-white/80">
          <div className={cn(riskFillVariants({ band }), 'h-full rounded-full')} style={{ width: `${scan.riskScore}%` }} />
        </div>
      </div>

      {scan.advice ? (
        <div className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-700" />
          <p>
            <span className="font-bold">What to do: </span>
            {scan.advice}
          </p>
        </div>
      ) : null}

      <div className="grid gap-2">
        <h3 className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700">
          <ListChecks aria-hidden="true" className="size-4 text-slate-500" />
          What we found
        </h3>
        {reasons.length > 0 ? (
          <ul className="grid gap-2">
            {reasons.map((r) => (
              <li key={r.key} data-testid="shared-reason" className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
                <span aria-hidden="true" className={dotVariants({ tone: r.tone })} />
                <p className="text-sm font-medium text-slate-900">{r.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No specific red flags were found in this message.</p>
        )}
      </div>

      <ReputationFindings reputation={scan.reputation} />

      {scan.message !== null ? (
        <div className="grid gap-2">
          <h3 className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700">
            <MessageSquareText aria-hidden="true" className="size-4 text-slate-500" />
            The message
          </h3>
          {/* Plain text only: a message holding HTML is shown as its characters. */}
          <div data-testid="shared-message" className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800">
            {scan.message}
          </div>
        </div>
      ) : (
        <p data-testid="shared-message-withheld" className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          The person who shared this result chose not to include the message.
        </p>
      )}
    </article>
  );
}
