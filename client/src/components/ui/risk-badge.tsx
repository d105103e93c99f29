import { RISK_BAND_LABELS, riskBand, type RiskBand } from '@redflag/contracts/constants';
import { cva } from 'class-variance-authority';
import { ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The verdict colours (docs/product.md §2): red from 70, yellow from 40, green below. */
export const riskVariants = cva('', {
  variants: {
    band: {
      scam: 'border-red-300 bg-red-50 text-red-800',
      suspicious: 'border-amber-300 bg-amber-50 text-amber-900',
      legitimate: 'border-emerald-300 bg-emerald-50 text-emerald-800',
    },
  },
  defaultVariants: { band: 'legitimate' },
});

/** Solid fills for bars and dots in the same three colours. */
export const riskFillVariants = cva('', {
  variants: {
    band: { scam: 'bg-red-600', suspicious: 'bg-amber-500', legitimate: 'bg-emerald-600' },
  },
  defaultVariants: { band: 'legitimate' },
});

/** The verdict's words, one list for the web app and /v1 (packages/contracts). */
export const RISK_LABELS: Record<RiskBand, string> = RISK_BAND_LABELS;

const ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

export type RiskBadgeProps = ComponentProps<'span'> & { score: number; showScore?: boolean };

export function RiskBadge({ score, showScore = true, className, ...props }: RiskBadgeProps) {
  const band = riskBand(score);
  const Icon = ICONS[band];
  return (
    <span
      data-slot="risk-badge"
      data-band={band}
      className={cn(
        riskVariants({ band }),
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-extrabold uppercase tracking-wide',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-4" />
      {RISK_LABELS[band]}
      {showScore ? <span className="tabular-nums">{score}%</span> : null}
    </span>
  );
}
