import { PREMIUM_PRICE_LABEL, TRIAL_SCAN_LIMIT, TRIAL_TERMS } from '@redflag/contracts/constants';
import { ArrowRight, CreditCard, RefreshCcw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlanFeatures } from '@/components/plan-features';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LANDING_SECTIONS } from '@/lib/scroll';

const REASSURANCES = [
  {
    icon: CreditCard,
    text: `Free trial: ${TRIAL_TERMS}. Nothing is charged before it ends, and at ${TRIAL_SCAN_LIMIT} scans we ask first.`,
  },
  { icon: RefreshCcw, text: 'Cancel anytime from your account page.' },
  { icon: ShieldCheck, text: 'Your scans stay private and exportable.' },
] as const;

/**
 * PRICING: the one plan and its trial, with the list every page shows (components/plan-features). `action`
 * replaces the Start free trial button where it would be wrong (a signed-in user, on the product page).
 */
export function PricingSection({ onStartTrial, action }: { onStartTrial?: () => void; action?: ReactNode }) {
  return (
    <section
      id={LANDING_SECTIONS.pricing}
      aria-labelledby="pricing-title"
      className="relative isolate overflow-hidden bg-ink-900 py-20 text-white md:py-28"
    >
      <div
        aria-hidden="true"
        className="absolute -right-40 -top-40 -z-10 size-[36rem] rounded-full bg-brand-600/20 blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Pricing</p>
          <h2 id="pricing-title" className="mt-3 text-3xl font-black uppercase tracking-tight md:text-5xl">
            Simple pricing. Serious protection.
          </h2>
          <p className="mt-4 max-w-lg text-base leading-relaxed text-slate-300 md:text-lg">
            One plan with everything in it. Try it free for {TRIAL_TERMS}, then keep your guard up for less than the
            cost of a coffee a month.
          </p>
          <ul className="mt-8 grid gap-4">
            {REASSURANCES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-slate-200">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/10 text-brand-400">
                  <Icon aria-hidden="true" className="size-[18px]" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative mx-auto w-full max-w-md">
          <div className="relative rounded-3xl bg-white p-8 text-slate-900 shadow-2xl shadow-black/40 ring-1 ring-white/10 md:p-10">
            <Badge className="absolute -top-3.5 left-1/2 -translate-x-1/2 px-4 py-1.5 shadow-lg shadow-brand-700/30">
              Free trial
            </Badge>
            <h3 className="text-center text-sm font-bold uppercase tracking-[0.2em] text-slate-600">RedFlag Premium</h3>
            <p className="mt-4 text-center">
              <span className="text-6xl font-black tracking-tight">{PREMIUM_PRICE_LABEL}</span>
              <span className="text-lg font-semibold text-slate-600">/mo</span>
            </p>
            <p className="mt-2 text-center text-sm text-slate-600">after your free trial, cancel anytime</p>
            <PlanFeatures className="mt-8 border-t border-slate-100 pt-8" />
            {action ? (
              <div className="mt-8">{action}</div>
            ) : (
              <Button size="xl" className="mt-8 w-full uppercase" onClick={onStartTrial}>
                Start free trial <ArrowRight aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
