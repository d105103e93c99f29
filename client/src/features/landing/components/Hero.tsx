import { ArrowRight, Layers, ShieldCheck, Sparkles, TicketCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PLATFORMS } from '@redflag/contracts/platforms';
import { TRIAL_SCAN_LIMIT, TRIAL_TERMS } from '@redflag/contracts/constants';
import { useAccuracyClaim } from '../hooks/use-accuracy-claim';
import { PhoneMockup } from './PhoneMockup';

interface HeroProps {
  onStartTrial: () => void;
  onTryAnalyzer: () => void;
}

function Stat({ icon, value, label }: { icon: ReactNode; value: ReactNode; label: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-white/10 text-brand-400 [&_svg]:size-[18px]">
        {icon}
      </span>
      <div>
        <p className="text-lg font-black leading-tight text-white">{value}</p>
        <p className="text-xs leading-snug text-slate-400">{label}</p>
      </div>
    </li>
  );
}

function AccuracyStat() {
  const { claim } = useAccuracyClaim();
  if (!claim) {
    return <Stat icon={<ShieldCheck aria-hidden="true" />} value="Tested" label="on public, labelled scam datasets" />;
  }
  return (
    <Stat
      icon={<ShieldCheck aria-hidden="true" />}
      value={<span data-testid="accuracy-figure">{claim.figure}</span>}
      label={`accuracy on the ${claim.dataset}`}
    />
  );
}

export function Hero({ onStartTrial, onTryAnalyzer }: HeroProps) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.035)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -left-40 top-1/3 -z-10 size-[32rem] rounded-full bg-blue-600/10 blur-3xl"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-20 pt-10 sm:px-6 md:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-8 lg:px-8 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-xs font-bold uppercase tracking-widest text-slate-200">
            <Sparkles aria-hidden="true" className="size-3.5 text-brand-400" />
            AI-powered scam detection
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.6rem] font-black uppercase leading-[0.95] tracking-tight sm:text-6xl lg:text-7xl"
          >
            Stop <span className="text-brand-500">scammers</span> before they strike
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-slate-300 md:text-lg">
            Paste any text, email or marketplace message. RedFlag reads it the way a fraud analyst would and gives you a
            risk score with the exact red flags behind it, before you reply, click or pay.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="xl" onClick={onStartTrial} className="uppercase shadow-lg shadow-brand-600/30">
              Start free trial <ArrowRight aria-hidden="true" />
            </Button>
            <Button size="xl" variant="outline-inverse" onClick={onTryAnalyzer}>
              Try the analyzer
            </Button>
          </div>
          <ul className="mt-10 grid gap-5 border-t border-white/10 pt-8 sm:grid-cols-3">
            <AccuracyStat />
            <Stat
              icon={<Layers aria-hidden="true" />}
              value={`${PLATFORMS.length} platforms`}
              label="texts, email, WhatsApp and marketplaces"
            />
            <Stat
              icon={<TicketCheck aria-hidden="true" />}
              value={`${TRIAL_SCAN_LIMIT} free scans`}
              label={`in the free trial: ${TRIAL_TERMS}`}
            />
          </ul>
        </div>

        <PhoneMockup className="lg:ml-4 lg:mr-auto lg:justify-self-start" />
      </div>
    </section>
  );
}
