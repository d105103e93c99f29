/** 'Welcome back' plus the first name (docs/product.md §2, Dashboard). */
export function DashboardGreeting({ firstName }: { firstName: string | null }) {
  return (
    <h1 className="text-3xl font-black tracking-tight text-slate-900 md:text-4xl">
      Welcome back{firstName ? `, ${firstName}` : ''}
    </h1>
  );
}
