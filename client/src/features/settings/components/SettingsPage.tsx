import { LogOut, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** What the settings page shows about the signed-in user (composed in app/ from the session). */
export interface SettingsUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * /settings (docs/product.md §2): e-mail, name, the plan (badge and status from the one plan
 * display, handed in by app/) and sign-out. No internal ids: nothing here is for developers.
 */
export function SettingsPage({
  user,
  plan,
  onSignOut,
}: {
  user: SettingsUser | null;
  plan?: ReactNode;
  onSignOut: () => void;
}) {
  if (!user) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-black tracking-tight">Settings</h1>
        <p className="mt-3 text-slate-600">Please sign in to access settings</p>
      </section>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Not set';
  const [local, domain] = [user.email.slice(0, user.email.indexOf('@')), user.email.slice(user.email.indexOf('@'))];
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <title>Settings · RedFlag</title>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-ink-900 text-white">
          <Settings className="size-5" />
        </span>
        <h1 className="text-3xl font-black tracking-tight">Settings</h1>
      </div>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-sm font-bold uppercase tracking-wider text-slate-600">Account</h2>
        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-4">
          <dt className="font-semibold text-slate-600">Email</dt>
          <dd className="mb-3 break-words text-slate-900 sm:mb-0">
            {local}
            <wbr />
            {domain}
          </dd>
          <dt className="font-semibold text-slate-600">Name</dt>
          <dd className="mb-3 text-slate-900 sm:mb-0">{name}</dd>
          <dt className="font-semibold text-slate-600">Plan</dt>
          <dd data-testid="settings-plan">{plan}</dd>
        </dl>
        <p className="mt-6 text-sm text-slate-600">
          Change your e-mail, password or plan, download your data or delete your account on the{' '}
          <Link
            to="/account"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            account page
          </Link>
          .
        </p>
      </div>
      <div className="mt-6">
        <Button variant="outline" size="lg" onClick={onSignOut}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </div>
    </section>
  );
}
