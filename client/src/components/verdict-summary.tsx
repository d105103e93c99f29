import { riskBand } from '@redflag/contracts/constants';
import { scamTypeLabel } from '@redflag/contracts/scan';
import { cva } from 'class-variance-authority';
import { Lightbulb, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { RISK_LABELS, riskFillVariants, riskVariants } from '@/components/ui/risk-badge';
import { cn } from '@/lib/utils';

const BAND_ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

const scoreTextVariants = cva('', {
  variants: { band: { scam: 'text-red-700', suspicious: 'text-amber-700', legitimate: 'text-emerald-700' } },
});

export interface VerdictSummaryProps {
  score: number;
  /** The scan's type; named only with a warning verdict (below 40 it is only the closest match). */
  scamType: string | null | undefined;
  headingLevel?: 'h2' | 'h3';
  headingTestId: string;
  headingId?: string;
  /** Given when the view moves keyboard focus to the verdict: the heading then takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** More about the verdict, under the meter (confidence, language, where the text came from). */
  children?: ReactNode;
}

/**
 * The verdict at the top of a result, the same on the user's own result and on a shared one: the band's
 * icon, words and colours, the scam type, the score out of 100 and its meter.
 */
export function VerdictSummary({
  score,
  scamType,
  headingLevel = 'h2',
  headingTestId,
  headingId,
  headingRef,
  children,
}: VerdictSummaryProps) {
  const band = riskBand(score);
  const Icon = BAND_ICONS[band];
  const Heading = headingLevel;
  const type = band === 'legitimate' ? null : scamTypeLabel(scamType);
  return (
    <div className={cn(riskVariants({ band }), 'grid gap-4 rounded-2xl border p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-xl bg-white/70">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <div>
            <Heading
              id={headingId}
              ref={headingRef}
              tabIndex={headingRef ? -1 : undefined}
              data-testid={headingTestId}
              className="rounded-md text-xl font-black tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
            >
              {RISK_LABELS[band]}
            </Heading>
            {type ? (
              <p className="text-sm font-semibold">
                <span className="sr-only">Scam type: </span>
                {type}
              </p>
            ) : null}
          </div>
        </div>
        {/* ml-auto: wrapped under the verdict on a phone, the right-aligned score stays on the right. */}
        <p className="ml-auto text-right">
          <span
            data-testid="risk-score"
            className={cn(scoreTextVariants({ band }), 'text-4xl font-black tabular-nums')}
          >
            {score}
          </span>
          <span className="text-sm font-bold">/100</span>
          <span className="block text-xs font-bold uppercase tracking-wide">Risk score</span>
        </p>
      </div>
      <div
        role="meter"
        aria-label="Risk score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        className="h-2.5 overflow-hidden rounded-full bg-white/80"
      >
        <div className={cn(riskFillVariants({ band }), 'h-full rounded-full')} style={{ width: `${score}%` }} />
      </div>
      {children}
    </div>
  );
}

/** "What to do": the advice that comes with a verdict, when it has one. */
export function VerdictAdvice({ advice }: { advice: string | null | undefined }) {
  return advice ? (
    <div className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-700" />
      <p>
        <span className="font-bold">What to do: </span>
        {advice}
      </p>
    </div>
  ) : null;
}
