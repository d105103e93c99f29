import { TRIAL_TERMS } from '@redflag/contracts/constants';
import { ClipboardPaste, CreditCard, Gauge, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { LANDING_SECTIONS } from '@/lib/scroll';
import { useAccuracyClaim } from '../hooks/use-accuracy-claim';

const STEPS = [
  {
    icon: ClipboardPaste,
    title: 'Paste the message',
    text: 'Copy the text, email or chat exactly as you received it. Add the number or address if you have it.',
  },
  {
    icon: Gauge,
    title: 'Get a risk score',
    text: 'A 0-100 score and a clear verdict: Scam Detected, Suspicious, or Likely Legitimate.',
  },
  {
    icon: ListChecks,
    title: 'See the red flags',
    text: 'Every result lists the phrases, links and sender details that raised or lowered the risk.',
  },
] as const;

function EngineNote() {
  const { claim, engineName } = useAccuracyClaim();
  if (claim) {
    return (
      <p className="mt-8 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
        Detection by <strong className="font-semibold text-slate-900">{claim.engineName}</strong>:{' '}
        <strong className="font-semibold text-slate-900">{claim.figure} accuracy</strong> on the {claim.dataset}, from
        its latest evaluation.
      </p>
    );
  }
  return (
    <p className="mt-8 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      Detection by{' '}
      {engineName ? <strong className="font-semibold text-slate-900">{engineName}</strong> : 'the RedFlag engine'}: a
      trained language model plus explainable red-flag rules, evaluated on public, labelled scam datasets.
    </p>
  );
}

/**
 * What a visitor's analysis takes, said by the box: a result comes with the free trial,
 * which needs an account and a card; nothing is charged today. The landing passes it to the analyzer card.
 */
export function AnalyzerTrialNote() {
  return (
    <p
      data-testid="analyzer-trial-note"
      className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-800"
    >
      <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>
        Results come with the free trial: {TRIAL_TERMS}.{' '}
        <strong className="font-semibold">Card required, nothing charged today.</strong> Your message is kept while you
        sign up.
      </span>
    </p>
  );
}

/** TRY THE ANALYZER: the explanation column, with the analyzer card (from the analyzer feature) as children. */
export function AnalyzerSection({ children }: { children: ReactNode }) {
  return (
    <section id={LANDING_SECTIONS.analyzer} aria-labelledby="analyzer-title" className="bg-slate-50 py-20 md:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16 lg:px-8">
        <div className="lg:pt-4">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-700">With the free trial</p>
          <h2
            id="analyzer-title"
            className="mt-3 text-3xl font-black uppercase tracking-tight text-slate-900 md:text-5xl"
          >
            Try the analyzer
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-700 md:text-lg">
            Not sure about a message? Paste it below, then create an account and start the free trial to see the result.
            Your message is kept while you sign up, and you'll know what to look out for next time.
          </p>
          <ol className="mt-8 grid gap-5">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="flex gap-4">
                <span className="relative grid size-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <Icon aria-hidden="true" className="size-5" />
                  <span className="absolute -right-1.5 -top-1.5 grid size-5 place-items-center rounded-full bg-ink-900 text-[0.625rem] font-bold text-white">
                    {index + 1}
                  </span>
                </span>
                <div>
                  <h3 className="font-bold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <EngineNote />
        </div>
        <div>{children}</div>
      </div>
    </section>
  );
}
