import { FlaskConical } from 'lucide-react';
import { EVALUATION } from '../utils/evaluation';

/**
 * In place of the invented testimonials: the engine's measured accuracy on kinds of
 * messages it was never trained on, every dataset and the weak ones first, with what the numbers cover.
 */
export function MeasuredAccuracy() {
  // Sources where more than a quarter of genuine messages were flagged: said in words under the table.
  const weak = EVALUATION.rows.filter((r) => r.genuineFlagged !== null && parseFloat(r.genuineFlagged) > 25);
  return (
    <section id="accuracy" aria-labelledby="accuracy-title" className="bg-slate-50 py-20 md:py-28">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-2 text-xs font-bold uppercase tracking-[0.2em] text-brand-700">
            <FlaskConical aria-hidden="true" className="size-4" /> Measured, not claimed
          </p>
          <h2
            id="accuracy-title"
            className="mt-3 text-3xl font-black uppercase tracking-tight text-slate-900 md:text-5xl"
          >
            How accurate is it?
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-700 md:text-lg">
            We test RedFlag on {EVALUATION.datasets} public collections of real messages. Each one is scored by an
            engine trained on all the others and never on it, so every figure below is for a kind of message the engine
            had not seen. A message counts as flagged when it scores 40 or more (Suspicious or Scam).
          </p>
        </div>

        {/* Focusable and named, so a keyboard can scroll it if a narrow screen ever makes it overflow. */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Accuracy per dataset"
          className="mt-10 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <table data-testid="accuracy-table" className="w-full text-left text-sm">
            <caption className="sr-only">
              Engine accuracy per dataset, measured on data the engine was not trained on, worst first
            </caption>
            <thead className="bg-slate-100 text-xs uppercase tracking-wider text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-4 font-bold">
                  Dataset
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-bold">
                  Scams caught
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-bold">
                  Genuine messages flagged
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {EVALUATION.rows.map((r) => (
                <tr key={r.source} data-source={r.source}>
                  <th scope="row" className="px-3 py-3 sm:px-4 font-normal">
                    <span className="block font-semibold text-slate-900">{r.name}</span>
                    <span className="block text-xs text-slate-600">{r.what}</span>
                  </th>
                  <td className="px-3 py-3 sm:px-4 text-right tabular-nums text-slate-900">
                    {r.scamsCaught ?? <span className="text-slate-600">no scams in set</span>}
                  </td>
                  <td className="px-3 py-3 sm:px-4 text-right tabular-nums text-slate-900">
                    {r.genuineFlagged ?? <span className="text-slate-600">no genuine messages in set</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="mt-6 grid gap-3 text-sm leading-relaxed text-slate-700">
          {weak.length ? (
            <p data-testid="accuracy-weak">
              <strong className="text-slate-900">Where it is weak:</strong> on{' '}
              {weak.map((r) => `${r.name} (${r.genuineFlagged})`).join(', ')}, many genuine messages were flagged by
              mistake. On messages like those, treat a Suspicious result as a prompt to look closer, not a verdict.
            </p>
          ) : null}
          <p>
            Averaged over the {EVALUATION.datasets} datasets, {EVALUATION.average} of messages land on the right side.
            The engine you use is trained on all of these sources, so on these kinds of messages it does better than the
            table; the table is what to expect from a kind of message it has never met. Measured on{' '}
            {EVALUATION.measuredOn} with engine {EVALUATION.engine}.
          </p>
        </div>
      </div>
    </section>
  );
}
