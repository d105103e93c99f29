import { RISK_BAND_LABELS, type RiskBand } from '@redflag/contracts/constants';
import { cva } from 'class-variance-authority';

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
