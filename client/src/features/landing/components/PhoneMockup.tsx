import { ShieldAlert, TriangleAlert } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils';

interface Bubble {
  from: 'them' | 'me';
  text: string;
  time: string;
  flagged?: boolean;
}

const CONVERSATION: Bubble[] = [
  { from: 'them', text: 'Hi! Is the sofa still available? I can pay $200 over your asking price.', time: '9:41' },
  { from: 'me', text: "Yes, it's available! When would you like to pick it up?", time: '9:42' },
  {
    from: 'them',
    text: "I'm away for work. I'll mail a cashier's check for $1,450. Just send the extra $250 to my mover on Zelle.",
    time: '9:43',
    flagged: true,
  },
  {
    from: 'them',
    text: 'Also, Google just sent you a 6-digit code. Read it back so I know you are real.',
    time: '9:43',
    flagged: true,
  },
];

const delay = (seconds: number): CSSProperties => ({ animationDelay: `${seconds}s` });

/** The hero's animated phone: a sample marketplace scam with floating verdict badges. Decorative. */
export function PhoneMockup({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="Example: a marketplace buyer offers to overpay by cashier's check and asks for a verification code. RedFlag flags it: scam detected, 94% risk."
      className={cn('relative mx-auto w-[17rem] sm:w-[18.5rem]', className)}
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
              style={delay(4.4)}
              className="mt-1 flex animate-bubble items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-[0.75rem] font-semibold text-red-800"
            >
              <ShieldAlert className="size-4 shrink-0" />
              RedFlag: don't share the code or refund any money.
            </div>

            <div className="pointer-events-none absolute inset-x-0 h-14 animate-scan bg-gradient-to-b from-transparent via-brand-500/15 to-transparent motion-reduce:hidden">
              <div className="absolute inset-x-0 top-1/2 h-px bg-brand-500/60" />
            </div>
          </div>
        </div>
      </div>

      <div
        aria-hidden="true"
        className="absolute -right-4 top-16 animate-float rounded-2xl bg-brand-600 px-4 py-3 text-white shadow-xl shadow-brand-900/40 sm:-right-16"
      >
        <p className="flex items-center gap-1.5 text-[0.6875rem] font-bold uppercase tracking-wider text-white">
          <span className="size-2 animate-pulse-ring rounded-full bg-white" /> Scam detected
        </p>
        <p className="text-3xl font-black leading-none tabular-nums">94%</p>
      </div>

      <div
        aria-hidden="true"
        className="absolute -bottom-8 -left-3 max-w-[13rem] animate-float-delayed rounded-2xl border border-white/10 bg-white px-4 py-3 shadow-xl shadow-black/30 sm:-left-24 lg:-left-40 lg:bottom-24"
      >
        <p className="flex items-center gap-1.5 text-[0.6875rem] font-bold uppercase tracking-wider text-amber-800">
          <TriangleAlert className="size-3.5" /> Red flags found
        </p>
        <ul className="mt-1.5 space-y-1 text-xs font-semibold text-slate-800">
          <li>Overpayment + refund request</li>
          <li>Asks for a verification code</li>
        </ul>
      </div>
    </div>
  );
}
