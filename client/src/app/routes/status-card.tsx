import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A centred card for single-message pages: sign-in required, payment success, 404, errors. */
export function StatusCard({
  icon,
  tone = 'neutral',
  title,
  children,
  actions,
  headingLevel = 'h1',
}: {
  icon: ReactNode;
  tone?: 'neutral' | 'success' | 'danger';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}) {
  const Heading = headingLevel;
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-ink-900 from-[14rem] to-slate-50 to-[14rem] px-4 pb-20 pt-12 md:pt-16">
      <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl shadow-ink-900/10 md:p-10">
        <div
          className={cn(
            'mx-auto grid size-16 place-items-center rounded-2xl [&_svg]:size-8',
            tone === 'success' && 'bg-emerald-100 text-emerald-700',
            tone === 'danger' && 'bg-red-100 text-red-700',
            tone === 'neutral' && 'bg-slate-100 text-slate-700',
          )}
        >
          {icon}
        </div>
        <Heading className="mt-6 text-2xl font-black tracking-tight text-slate-900 md:text-3xl">{title}</Heading>
        {children ? <div className="mt-3 text-[0.9375rem] leading-relaxed text-slate-600">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
      </div>
    </div>
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
