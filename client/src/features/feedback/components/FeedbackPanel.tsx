import {
  FEEDBACK_CONSENT_TEXT,
  FEEDBACK_LABELS,
  FEEDBACK_NOTE_MAX_LENGTH,
  feedbackRequestSchema,
  type Feedback,
  type FeedbackLabel,
} from '@redflag/contracts/feedback';
import { Check, MessageCircleQuestion } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useFeedback, useSaveFeedback } from '../api/feedback';

const LABEL_ORDER: FeedbackLabel[] = ['scam', 'not_scam', 'not_sure'];

function FeedbackForm({ scanId, saved }: { scanId: string; saved: Feedback | null }) {
  const [label, setLabel] = useState<FeedbackLabel | null>(saved?.label ?? null);
  const [note, setNote] = useState(saved?.note ?? '');
  const [consent, setConsent] = useState(saved?.consentToUseText ?? false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFeedback(scanId);
  const ids = { legend: useId(), note: useId(), consent: useId(), status: useId() };
  const unchanged =
    saved !== null && saved.label === label && (saved.note ?? '') === note.trim() && saved.consentToUseText === consent;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = feedbackRequestSchema.safeParse({ label, note, consentToUseText: consent });
    if (!parsed.success) {
      setError(
        label ? (parsed.error.issues[0]?.message ?? 'Please check your answer') : 'Choose Scam, Not a scam or Not sure',
      );
      return;
    }
    setError(null);
    save.mutate({ label: parsed.data.label, note: parsed.data.note, consentToUseText: parsed.data.consentToUseText });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-describedby={ids.status}>
      <fieldset className="grid gap-2">
        <legend id={ids.legend} className="mb-2 text-sm text-slate-700">
          Your answer helps us check the verdict. You can change it later from your scan history.
        </legend>
        <div className="flex flex-wrap gap-2">
          {LABEL_ORDER.map((value) => (
            <label
              key={value}
              className={cn(
                'relative inline-flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                label === value
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name={`feedback-${scanId}`}
                value={value}
                checked={label === value}
                onChange={() => setLabel(value)}
                className="sr-only"
              />
              {label === value ? <Check aria-hidden="true" className="size-4" /> : null}
              {FEEDBACK_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={ids.note} className="text-sm font-semibold text-slate-800">
          Note <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <Textarea
          id={ids.note}
          value={note}
          maxLength={FEEDBACK_NOTE_MAX_LENGTH}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          placeholder="What made you sure, or unsure?"
        />
      </div>
      <div className="flex items-start gap-2.5">
        <input
          id={ids.consent}
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <label htmlFor={ids.consent} className="text-sm text-slate-800">
          {FEEDBACK_CONSENT_TEXT}
          <span className="block text-xs text-slate-600">
            Without this, we keep only your answer and the signals we found, not the text.
          </span>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={save.isPending || unchanged}>
          {saved ? 'Update answer' : 'Send answer'}
        </Button>
        <p
          id={ids.status}
          role="status"
          className={cn('text-sm', error || save.isError ? 'text-red-700' : 'text-emerald-700')}
        >
          {error ??
            (save.isError
              ? 'We could not save your answer. Please try again.'
              : save.isSuccess && unchanged
                ? 'Thanks, your answer is saved.'
                : saved && unchanged
                  ? `You answered: ${FEEDBACK_LABELS[saved.label]}`
                  : '')}
        </p>
      </div>
    </form>
  );
}

/** "Was this right?" under a result. */
export default function FeedbackPanel({ scanId }: { scanId: string }) {
  const feedback = useFeedback(scanId);
  const titleId = useId();
  return (
    <section
      data-testid="feedback-panel"
      aria-labelledby={titleId}
      className="grid gap-2 rounded-xl border border-slate-200 p-4"
    >
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-extrabold text-slate-900">
        <MessageCircleQuestion aria-hidden="true" className="size-4 text-slate-500" />
        Was this right?
      </h4>
      {feedback.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : feedback.isError ? (
        <p className="text-sm text-slate-600">Feedback is not available right now.</p>
      ) : (
        // Mounted once the stored answer is known, so that the form starts from it.
        <FeedbackForm key={scanId} scanId={scanId} saved={feedback.data} />
      )}
    </section>
  );
}
