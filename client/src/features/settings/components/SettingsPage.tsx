import { LogOut, Settings } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** What the settings page shows about the signed-in user (composed in app/ from the session). */
export interface SettingsUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  subscriptionStatus: string;
  isPremium: boolean;
}

function planTier(user: SettingsUser): 'PREMIUM' | 'FREE' {
  return user.isPremium ? 'PREMIUM' : 'FREE';
}

function statusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

/** /settings (product-spec.md section 2): e-mail, user id, name, plan tier and status badges, sign-out. */
export function SettingsPage({ user, onSignOut }: { user: SettingsUser | null; onSignOut: () => void }) {
  if (!user) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-black tracking-tight">Settings</h1>
        <p className="mt-3 text-slate-600">Please sign in to access settings</p>
      </section>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Not set';
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
        <h2 className="text-sm font-bold uppercase tracking-wider text-slate-500">Account</h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{user.email}</dd>
          <dt className="font-semibold text-slate-600">User ID</dt>
          <dd className="break-all font-mono text-xs text-slate-900">{user.id}</dd>
          <dt className="font-semibold text-slate-600">Name</dt>
          <dd className="text-slate-900">{name}</dd>
          <dt className="font-semibold text-slate-600">Plan</dt>
          <dd className="flex flex-wrap gap-2">
            <Badge variant={user.isPremium ? 'default' : 'secondary'}>{planTier(user)}</Badge>
            <Badge variant="outline">{statusLabel(user.subscriptionStatus)}</Badge>
          </dd>
        </dl>
      </div>
      <div className="mt-6">
        <Button variant="outline" size="lg" onClick={onSignOut}>
          <LogOut aria-hidden="true" /> Sign Out
        </Button>
      </div>
    </section>
  );
}
