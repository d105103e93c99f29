import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { StoredScan } from '@redflag/contracts/scan';
import { MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Turns shown before "Show all": the latest, and always the one where it turned. */
const SHOWN = 30;

const excerpt = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 157)}...` : one;
};

/**
 * A scanned conversation as a timeline: each turn with its speaker and time, the other side's red turns
 * marked, the turn where it turned named, and advice for where the user stands now. The user's own turns
 * are shown but never scored. Renders nothing for a single message.
 */
export default function ConversationTimeline({ scan }: { scan: StoredScan }) {
  const [all, setAll] = useState(false);
  const titleId = useId();
  const c = scan.conversation;
  if (!c) return null;
  const red = (i: number) => {
    const t = c.turns[i];
    return (
      i === c.turnedAt || (t?.riskScore !== null && (t?.riskScore ?? 0) >= RISK_BAND_SUSPICIOUS && c.turnedAt !== null)
    );
  };
  const indexes = c.turns.map((_, i) => i);
  const shown = all ? indexes : indexes.filter((i) => i >= c.turns.length - SHOWN || i === c.turnedAt);
  const reds = indexes.filter(red).length;
  return (
    <section
      data-testid="conversation-timeline"
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
    >
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-extrabold text-slate-900">
        <MessagesSquare aria-hidden="true" className="size-4 text-slate-500" />
        The conversation, turn by turn
      </h4>
      <p className="text-sm text-slate-700">
        {c.turns.length} messages read.{' '}
        {c.readWhole
          ? 'This chat has too many different messages to score one by one, so their latest messages were read together, as one: no single message is marked.'
          : c.turnedAt !== null
            ? `It turned at message ${c.turnedAt + 1}; ${reds} of their messages are marked red.`
            : 'None of their messages is marked red.'}{' '}
        Your own messages are never counted against you.
      </p>
      {c.standing ? (
        <div
          data-testid="conversation-standing"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-bold">Where you stand now</p>
          <p>{c.standing}</p>
        </div>
      ) : null}
      <ol className="grid gap-2" aria-label="Messages">
        {shown.map((i) => {
          const t = c.turns[i];
          if (!t) return null;
          const isRed = red(i);
          return (
            <li
              key={i}
              data-testid={isRed ? 'turn-red' : 'turn'}
              className={cn(
                'grid gap-0.5 rounded-lg border-l-4 px-3 py-2 text-sm',
                t.role === 'me'
                  ? 'ml-6 border-slate-300 bg-slate-50'
                  : isRed
                    ? 'mr-6 border-red-600 bg-red-50'
                    : c.readWhole
                      ? 'mr-6 border-slate-400 bg-white'
                      : 'mr-6 border-emerald-500 bg-white',
              )}
            >
              <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-800">
                  {t.role === 'me' ? `${t.speaker} (you)` : t.speaker}
                </span>
                {t.time ? <span>{t.time}</span> : null}
                {i === c.turnedAt ? <span className="font-bold text-red-800">It turned here</span> : null}
                {isRed && i !== c.turnedAt ? <span className="font-semibold text-red-800">Red flag</span> : null}
              </span>
              <span className="break-words text-slate-900">{excerpt(scan.message.slice(t.start, t.end))}</span>
            </li>
          );
        })}
      </ol>
      {!all && shown.length < c.turns.length ? (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setAll(true)}>
          Show all {c.turns.length} messages
        </Button>
      ) : null}
    </section>
  );
}
