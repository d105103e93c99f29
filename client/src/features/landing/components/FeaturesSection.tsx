import { BookOpen, BrainCircuit, Gauge, History, LockKeyhole, PhoneCall } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LANDING_SECTIONS } from '@/lib/scroll';

const FEATURES = [
  {
    icon: BrainCircuit,
    title: 'AI Message Analysis',
    text: 'A trained language model reads each message like a fraud analyst, catching pressure tactics, payment requests, fake links and impersonation.',
  },
  {
    icon: PhoneCall,
    title: 'Phone Verification',
    text: "Check the sender's number for VoIP and burner lines, invalid formats and country mismatches that scammers rely on.",
    premium: true,
  },
  {
    icon: Gauge,
    title: 'Risk Scoring',
    text: 'A clear 0-100 score with a verdict (Scam, Suspicious or Likely Legitimate) and how confident the engine is.',
  },
  {
    icon: History,
    title: 'Scan History',
    text: 'Every check is saved to your dashboard, so you can look back, compare messages and report a scammer with evidence.',
  },
  {
    icon: LockKeyhole,
    title: 'Secure & Private',
    text: 'Messages travel encrypted, are never sold, and you can export or delete everything from your account at any time.',
  },
  {
    icon: BookOpen,
    title: 'Scam Education',
    text: 'Each result explains the red flags it found, so you learn to recognise the next scam on your own.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id={LANDING_SECTIONS.features} aria-labelledby="features-title" className="bg-white py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-700">Features</p>
          <h2
            id="features-title"
            className="mt-3 text-3xl font-black uppercase tracking-tight text-slate-900 md:text-5xl"
          >
            Everything you need to spot a scam
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-700 md:text-lg">
            One place to check messages from every app you use, with answers you can understand.
          </p>
        </div>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => {
            const Icon = feature.icon;
            return (
              <li
                key={feature.title}
                className="group relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-[box-shadow,transform,border-color] hover:-translate-y-0.5 hover:border-slate-300 hover:shadow-lg"
              >
                <span className="grid size-12 place-items-center rounded-xl bg-red-50 text-brand-700 ring-1 ring-red-100 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 flex items-center gap-2 text-lg font-extrabold text-slate-900">
                  {feature.title}
                  {'premium' in feature ? <Badge variant="secondary">Premium</Badge> : null}
                </h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
