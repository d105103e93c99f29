import { riskBand, RISK_BAND_LABELS } from '@redflag/contracts/constants';
import { CONTEXT_QUESTIONS, type ContextKey, type ScanContext } from '@redflag/contracts/scan-context';
import type { StoredScan } from '@redflag/contracts/scan';
import { Check, HelpCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useAnswerScan } from '../api/answer-scan';

type Answer = 'yes' | 'no' | 'unsure';
const ANSWERS: Array<[Answer, string]> = [
  ['yes', 'Yes'],
  ['no', 'No'],
  ['unsure', 'Not sure'],
];

const toAnswer = (v: boolean | undefined): Answer => (v === true ? 'yes' : v === false ? 'no' : 'unsure');

/** How an answer's reason moved the score, in words. */
function effect(weight: number): string {
  if (weight > 0) return 'raised the risk';
  if (weight < 0) return 'lowered the risk';
  return 'did not change it';
}

/**
 * The questions only the user can answer (whether they know the sender, whether the chat moved to another
 * app or to money), asked when the verdict turns on them. Each answer re-scores the scan on the server
 * (PATCH /api/scans/:id) and is shown with what it did to the verdict. Renders nothing when the scan asks none.
 */
export default function QuestionsPanel({ scan }: { scan: StoredScan }) {
  const [current, setCurrent] = useState<StoredScan>(scan);
  const [before, setBefore] = useState<number | null>(null);
  const keys: ContextKey[] = [
    ...new Set([...(current.questions ?? []), ...(Object.keys(current.context ?? {}) as ContextKey[])]),
  ];
  const [answers, setAnswers] = useState<Partial<Record<ContextKey, Answer>>>(() =>
    Object.fromEntries(keys.map((k) => [k, toAnswer(current.context?.[k])])),
  );
  const answer = useAnswerScan(scan.id);
  const titleId = useId();
  const statusId = useId();
  if (!keys.length) return null;

  const context: ScanContext = Object.fromEntries(
    keys.filter((k) => answers[k] === 'yes' || answers[k] === 'no').map((k) => [k, answers[k] === 'yes']),
  );
  const saved = JSON.stringify(context) === JSON.stringify(current.context ?? {});

  function submit(event: FormEvent) {
    event.preventDefault();
    const from = current.riskScore;
    answer.mutate(context, {
      onSuccess: (next) => {
        setBefore(from);
        setCurrent(next);
      },
    });
  }

  const answerReasons = current.reasonDetails.filter((r) => r.id.startsWith('user_'));
  const band = RISK_BAND_LABELS[riskBand(current.riskScore)];
  return (
    <section
      data-testid="questions-panel"
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50/60 p-4"
    >
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-extrabold text-slate-900">
        <HelpCircle aria-hidden="true" className="size-4 text-amber-700" />
        Only you know this
      </h4>
      <p className="text-sm text-slate-700">
        The message alone cannot tell. Your answers are weighed as evidence and saved with this scan; you can change
        them later.
      </p>
      <form onSubmit={submit} className="grid gap-3" aria-describedby={statusId}>
        {keys.map((key) => (
          <fieldset key={key} className="grid gap-1.5">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{CONTEXT_QUESTIONS[key]}</legend>
            <div className="flex flex-wrap gap-2">
              {ANSWERS.map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    'relative inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                    answers[key] === value
                      ? 'border-brand-600 bg-brand-50 text-brand-800'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
                  )}
                >
                  <input
                    type="radio"
                    name={`${scan.id}-${key}`}
                    value={value}
                    checked={answers[key] === value}
                    onChange={() => setAnswers((a) => ({ ...a, [key]: value }))}
                    className="sr-only"
                  />
                  {answers[key] === value ? <Check aria-hidden="true" className="size-4" /> : null}
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={answer.isPending || saved}>
            {answer.isPending ? 'Checking again...' : 'Check again with my answers'}
          </Button>
          <p id={statusId} role="status" className={cn('text-sm', answer.isError ? 'text-red-700' : 'text-slate-800')}>
            {answer.isError
              ? 'We could not save your answers. Please try again.'
              : before !== null
                ? `Your answers moved the risk score from ${before} to ${current.riskScore}: ${band}.`
                : current.context
                  ? `With your answers the risk score is ${current.riskScore}: ${band}.`
                  : ''}
          </p>
        </div>
      </form>
      {answerReasons.length ? (
        <ul className="grid gap-1 text-sm text-slate-800" aria-label="How your answers moved the verdict">
          {answerReasons.map((r) => (
            <li key={r.id} className="flex gap-2">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  r.weight > 0 ? 'bg-red-600' : r.weight < 0 ? 'bg-emerald-600' : 'bg-slate-400',
                )}
              />
              <span>
                {r.text} <span className="text-slate-600">({effect(r.weight)})</span>
              </span>
            </li>
          ))}
          {current.policy?.some((p) => p.id === 'known_sender_cap') ? (
            <li className="text-slate-700">{current.policy.find((p) => p.id === 'known_sender_cap')?.text}</li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
