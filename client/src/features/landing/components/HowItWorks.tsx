import { ClipboardPaste, Gauge, ListChecks } from 'lucide-react';
import { EXAMPLE_SCAN, EXAMPLE_VERDICT, exampleSegments } from '../utils/example-scan';

const CHECKS = [
  {
    title: 'The words',
    text: 'Pressure and deadlines, payment requests (gift cards, crypto, wire, cashier’s checks), requests for codes or passwords, and offers that are too good to be true, in six languages.',
  },
  {
    title: 'The links',
    text: 'Look-alike brand names, risky domain endings, shorteners and addresses written to hide where they lead.',
  },
  {
    title: 'The sender',
    text: 'With Premium: the phone number’s country and line type, and whether an e-mail address is a free mailbox posing as a company.',
  },
] as const;

/**
 * "How it works" on a real example: the message, what the shipped engine answered for
 * it (score, type and each reason with its evidence highlighted), and what the engine looks at. The answer
 * is the engine's own, stored beside this file and checked against the engine by a server test.
 */
export function HowItWorks() {
  const segments = exampleSegments(EXAMPLE_SCAN.message, EXAMPLE_SCAN.reasons);
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-white py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-700">How it works</p>
          <h2 id="how-title" className="mt-3 text-3xl font-black uppercase tracking-tight text-slate-900 md:text-5xl">
            One real example
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-700 md:text-lg">
            This is what RedFlag answered for the message in the phone above, word for word from the engine.
          </p>
        </div>

        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <figure className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <figcaption className="flex items-center gap-2 text-sm font-bold text-slate-900">
              <ClipboardPaste aria-hidden="true" className="size-4 text-brand-700" /> 1. The message, pasted from{' '}
              {EXAMPLE_SCAN.platformLabel}
            </figcaption>
            <blockquote
              data-testid="example-message"
              className="mt-4 whitespace-pre-line rounded-xl bg-white p-4 text-[0.9375rem] leading-relaxed text-slate-800 shadow-sm"
            >
              {segments.map((s, i) =>
                s.reason ? (
                  <mark key={i} title={s.reason} className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">
                    {s.text}
                  </mark>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
            </blockquote>
          </figure>

          <div data-testid="example-result" className="rounded-2xl border border-red-200 bg-red-50/60 p-6">
            <p className="flex items-center gap-2 text-sm font-bold text-slate-900">
              <Gauge aria-hidden="true" className="size-4 text-brand-700" /> 2. The answer
            </p>
            <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span data-testid="example-score" className="text-4xl font-black tabular-nums text-red-800">
                {EXAMPLE_SCAN.riskScore}
                <span className="text-lg font-bold text-red-800">/100</span>
              </span>
              <span className="text-lg font-extrabold text-red-800">{EXAMPLE_VERDICT}</span>
              <span className="text-sm font-semibold text-slate-700">{EXAMPLE_SCAN.typeLabel}</span>
            </p>
            <p className="mt-5 flex items-center gap-2 text-sm font-bold text-slate-900">
              <ListChecks aria-hidden="true" className="size-4 text-brand-700" /> 3. Why
            </p>
            <ul className="mt-3 grid gap-3">
              {EXAMPLE_SCAN.reasons.map((r) => (
                <li key={r.id} className="rounded-xl bg-white p-4 text-sm leading-relaxed text-slate-800 shadow-sm">
                  {r.text}.
                  {r.evidence.map((e) => (
                    <span key={e.start} className="mt-1 block text-slate-600">
                      In the message:{' '}
                      <mark className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">“{e.text}”</mark>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <h3 className="mt-16 text-center text-xl font-extrabold text-slate-900">
          What RedFlag checks in every message
        </h3>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {CHECKS.map((c) => (
            <li key={c.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h4 className="font-extrabold text-slate-900">{c.title}</h4>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
