import type { ReactNode } from 'react';

/** The dark title band that opens every static page, continuing the header's colour. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-ink-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-40 size-[28rem] rounded-full bg-brand-600/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-4xl px-4 pb-14 pt-10 sm:px-6 md:pb-20 md:pt-14">
        {eyebrow ? <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">{eyebrow}</p> : null}
        <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl md:text-5xl">{title}</h1>
        {children ? (
          <div className="mt-4 max-w-2xl text-base leading-relaxed text-slate-300 md:text-lg">{children}</div>
        ) : null}
      </div>
    </div>
  );
}

/** Long-form text (policies, about): readable measure and spacing without a typography plugin. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="text-[0.9375rem] leading-7 text-slate-700 md:text-base [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600 [&_h2]:mt-12 [&_h2]:scroll-mt-28 [&_h2]:text-xl [&_h2]:font-extrabold [&_h2]:tracking-tight [&_h2]:text-slate-900 md:[&_h2]:text-2xl [&_h2:first-child]:mt-0 [&_h3]:mt-6 [&_h3]:font-bold [&_h3]:text-slate-900 [&_li]:mt-2 [&_li]:pl-1 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-brand-600">
      {children}
    </div>
  );
}

export function PageBody({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">{children}</div>;
}
