import { ArrowRight, Check, ScanSearch } from 'lucide-react';
import { TRIAL_TERMS } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';

// The trial in the words every page uses (decision 041).
const TRUST_POINTS = [`Free trial: ${TRIAL_TERMS}`, 'Nothing charged today', 'Cancel anytime'] as const;

export function ClosingCta({ onStartTrial, onTryAnalyzer }: { onStartTrial: () => void; onTryAnalyzer: () => void }) {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 py-20 sm:px-6 md:py-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-red-800 px-6 py-14 text-center text-white shadow-2xl shadow-brand-900/30 md:px-16 md:py-20">
        <div aria-hidden="true" className="absolute -left-24 -top-24 -z-10 size-80 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -right-20 -z-10 size-96 rounded-full bg-ink-900/30 blur-3xl"
        />
        <h2
          id="cta-title"
          className="mx-auto max-w-3xl text-3xl font-black uppercase leading-tight tracking-tight md:text-5xl"
        >
          Don't wait for the next scam to find you
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-red-50 md:text-lg">
          Scammers send thousands of messages a day. It takes you ten seconds to check one.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="xl" variant="inverse" className="uppercase text-brand-700" onClick={onStartTrial}>
            Start free trial <ArrowRight aria-hidden="true" />
          </Button>
          <Button size="xl" variant="outline-inverse" className="uppercase" onClick={onTryAnalyzer}>
            <ScanSearch aria-hidden="true" /> Try analyzer
          </Button>
        </div>
        <p
          data-testid="trust-line"
          className="mt-8 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm font-semibold text-white"
        >
          {/* No separator dots: on a phone a wrapped line would start with one; the ticks separate. */}
          {TRUST_POINTS.map((point) => (
            // Left-aligned inside: a point that wraps on a phone keeps its tick beside its first word.
            <span key={point} className="inline-flex items-center gap-1.5 px-1 text-left">
              <Check aria-hidden="true" className="size-4 shrink-0 text-red-100" strokeWidth={3} />
              {point}
            </span>
          ))}
        </p>
      </div>
    </section>
  );
}
