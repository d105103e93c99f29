import { riskBand } from '@redflag/contracts/constants';
import type { SharedScan } from '@redflag/contracts/feedback';
import { cva } from 'class-variance-authority';
import { ListChecks, MessageSquareText } from 'lucide-react';
import ReputationFindings from '@/components/reputation-findings';
import { VerdictAdvice, VerdictSummary } from '@/components/verdict-summary';

const dotVariants = cva('mt-1.5 size-2 shrink-0 rounded-full', {
  variants: {
    tone: {
      high: 'bg-red-600',
      medium: 'bg-amber-500',
      low: 'bg-sky-500',
      info: 'bg-slate-400',
      reassuring: 'bg-emerald-600',
    },
  },
});

/** The verdict as the owner chose to share it: no message (nor anything quoting it) unless included. */
export default function SharedVerdictView({ scan }: { scan: SharedScan }) {
  const band = riskBand(scan.riskScore);
  const reasons =
    scan.reasonDetails.length > 0
      ? [...scan.reasonDetails]
          .sort((a, b) => b.weight - a.weight)
          .map((d) => ({ key: d.id, text: d.text, tone: d.weight < 0 ? ('reassuring' as const) : d.severity }))
      : scan.reasons.map((text) => ({ key: text, text, tone: 'info' as const }));

  return (
    <article data-testid="shared-result" data-band={band} className="grid gap-6">
      <VerdictSummary score={scan.riskScore} scamType={scan.scamType} headingTestId="shared-verdict" />

      <VerdictAdvice advice={scan.advice} />

      <div className="grid gap-2">
        <h3 className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700">
          <ListChecks aria-hidden="true" className="size-4 text-slate-500" />
          What we found
        </h3>
        {reasons.length > 0 ? (
          <ul className="grid gap-2">
            {reasons.map((r) => (
              <li
                key={r.key}
                data-testid="shared-reason"
                className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3"
              >
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
          <div
            data-testid="shared-message"
            className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800"
          >
            {scan.message}
          </div>
        </div>
      ) : (
        <p
          data-testid="shared-message-withheld"
          className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600"
        >
          The person who shared this result chose not to include the message.
        </p>
      )}
    </article>
  );
}
