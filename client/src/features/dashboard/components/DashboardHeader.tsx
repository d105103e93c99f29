/**
 * 'Welcome back' and the first name (docs/product.md §2, Dashboard); a newcomer, whose account has no scans
 * yet, is welcomed without the "back".
 */
export function DashboardHeader({ firstName, returning }: { firstName: string | null; returning: boolean }) {
  return (
    <div>
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Dashboard</p>
      <h1 className="mt-2 text-3xl font-black tracking-tight text-white md:text-4xl">
        {returning ? 'Welcome back' : 'Welcome'}
        {firstName ? `, ${firstName}` : ''}
      </h1>
      <p className="mt-1 text-sm text-slate-300">Your scans, what they found, and how much of your plan you've used.</p>
    </div>
  );
}
