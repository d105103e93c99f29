/** 'Welcome back' and the first name (docs/product.md §2, Dashboard). */
export function DashboardHeader({ firstName }: { firstName: string | null }) {
  return (
    <div>
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Dashboard</p>
      <h1 className="mt-2 text-3xl font-black tracking-tight text-white md:text-4xl">Welcome back{firstName ? `, ${firstName}` : ''}</h1>
      <p className="mt-1 text-sm text-slate-300">Your scans, what they found, and how much of your plan you've used.</p>
    </div>
  );
}
