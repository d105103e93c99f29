import { ShieldAlert, TriangleAlert } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import { EXAMPLE_SCAN, EXAMPLE_VERDICT } from '../utils/example-scan';

interface Bubble {
  from: 'them' | 'me';
  text: string;
  time: string;
  flagged?: boolean;
}

// The buyer's lines are the worked example's message (example-scan.json), as the engine scored it.
const [FIRST_LINE = '', ...REST] = EXAMPLE_SCAN.message.split('\n');
const CONVERSATION: Bubble[] = [
  { from: 'them', text: FIRST_LINE, time: '9:41' },
  { from: 'me', text: "Yes, it's available! When would you like to pick it up?", time: '9:42' },
  { from: 'them', text: REST.join(' '), time: '9:43', flagged: true },
];

/** Short labels for the floating card; the full reasons are in "How it works". */
const SHORT_REASON: Record<string, string> = {
  overpayment: 'Overpays, wants the difference back',
  check_payment: "Pays by cashier's check",
};

const delay = (seconds: number): CSSProperties => ({ animationDelay: `${seconds}s` });

/**
 * The hero's animated phone: the worked example's marketplace message with the engine's real score and
 * reasons for it (never a typed-in figure). On wide screens both cards sit beside the phone, outside its
 * screen; below that there is no room beside it, so they sit under the phone, side by side. Either way
 * neither hides a line of the conversation (on a phone they covered the chat).
 */
export function PhoneMockup({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label={`Example: a marketplace buyer offers to overpay by cashier's check and asks for the difference back. RedFlag's answer: ${EXAMPLE_VERDICT.toLowerCase()}, risk score ${EXAMPLE_SCAN.riskScore} out of 100.`}
      className={cn('relative mx-auto w-[17rem] sm:w-[18.5rem] lg:w-[16rem] xl:w-[18.5rem]', className)}
    >
      <div aria-hidden="true" className="absolute -inset-10 rounded-full bg-brand-600/25 blur-3xl" />

      <div
        aria-hidden="true"
        className="relative rounded-[2.75rem] border border-white/15 bg-ink-700 p-2.5 shadow-2xl shadow-black/60"
      >
        <div className="relative overflow-hidden rounded-[2.25rem] bg-slate-100">
          <div className="absolute left-1/2 top-2 z-20 h-5 w-24 -translate-x-1/2 rounded-full bg-ink-950" />

          <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 pb-3 pt-9">
            <span className="grid size-9 place-items-center rounded-full bg-gradient-to-br from-slate-400 to-slate-600 text-xs font-bold text-white">
              JD
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-bold text-slate-900">Jason D.</p>
              <p className="truncate text-[0.6875rem] text-slate-600">Marketplace · about the grey sofa</p>
            </div>
          </div>

          <div className="relative flex min-h-[25rem] flex-col gap-2.5 px-3 py-4">
            {CONVERSATION.map((bubble, index) => (
              <div
                key={index}
                style={delay(0.4 + index * 0.9)}
                className={cn('flex animate-bubble flex-col', bubble.from === 'me' ? 'items-end' : 'items-start')}
              >
                <p
                  data-testid="hero-bubble"
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-[0.8125rem] leading-snug shadow-sm',
                    bubble.from === 'me'
                      ? 'rounded-br-md bg-blue-600 text-white'
                      : 'rounded-bl-md bg-white text-slate-800',
                    bubble.flagged && 'ring-2 ring-brand-500/70',
                  )}
                >
                  {bubble.text}
                </p>
                <span className="mt-0.5 px-1 text-[0.625rem] text-slate-600">{bubble.time}</span>
              </div>
            ))}

            <div
              data-testid="hero-warning"
              style={delay(4.4)}
              className="mt-1 flex animate-bubble items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-[0.75rem] font-semibold text-red-800"
            >
              <ShieldAlert className="size-4 shrink-0" />
              RedFlag: don't send any money back; the check will bounce.
            </div>

            <div className="pointer-events-none absolute inset-x-0 h-14 animate-scan bg-gradient-to-b from-transparent via-brand-500/15 to-transparent motion-reduce:hidden">
              <div className="absolute inset-x-0 top-1/2 h-px bg-brand-500/60" />
            </div>
          </div>
        </div>
      </div>

      {/* Under the phone in a row below lg; at lg the row dissolves (contents) and each card sits beside it. */}
      <div aria-hidden="true" className="relative -mx-6 mt-6 grid grid-cols-2 items-start gap-3 lg:contents">
        <div
          data-testid="hero-score"
          className="animate-float rounded-2xl bg-brand-600 px-4 py-3 text-white shadow-xl shadow-brand-900/40 lg:absolute lg:left-[calc(100%+1rem)] lg:top-24 lg:w-max"
        >
          <p className="flex items-center gap-1.5 text-[0.6875rem] font-bold uppercase tracking-wider text-white">
            <span className="size-2 animate-pulse-ring rounded-full bg-white" /> {EXAMPLE_VERDICT}
          </p>
          <p className="text-3xl font-black leading-none tabular-nums">
            {EXAMPLE_SCAN.riskScore}
            <span className="text-base font-bold">/100</span>
          </p>
          <p className="mt-0.5 text-[0.6875rem] font-semibold text-white">risk score</p>
        </div>

        <div
          data-testid="hero-flags"
          className="animate-float-delayed rounded-2xl border border-white/10 bg-white px-4 py-3 shadow-xl shadow-black/30 lg:absolute lg:left-[calc(100%+1rem)] lg:top-60 lg:w-44 xl:w-52"
        >
          <p className="flex items-center gap-1.5 text-[0.6875rem] font-bold uppercase tracking-wider text-amber-800">
            <TriangleAlert className="size-3.5" /> Red flags found
          </p>
          <ul className="mt-1.5 space-y-1 text-xs font-semibold text-slate-800">
            {EXAMPLE_SCAN.reasons.map((r) => (
              <li key={r.id}>{SHORT_REASON[r.id] ?? r.text}</li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
