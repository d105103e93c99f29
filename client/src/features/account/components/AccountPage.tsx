import { ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailText } from '@/components/ui/email-text';
import { ReportSharingSection } from './ReportSharingSection';
import { SectionCard } from './SectionCard';
import { SecuritySection } from './SecuritySection';

export interface AccountProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * /account (docs/product.md §2): profile with the plan badge, billing, sign-in and security, and
 * the data-rights actions. Billing, the badge and the data actions come through slots (features meet in
 * app/). Every button here does what it says: nothing is shown that is not built.
 */
export function AccountPage({
  profile,
  badge,
  billing,
  dataActions,
  apiKeys,
  forwarding,
}: {
  profile: AccountProfile;
  badge: ReactNode;
  billing: ReactNode;
  dataActions: ReactNode;
  /** The public API's keys (features/api-keys), composed in app/. */
  apiKeys?: ReactNode;
  /** The private address to forward e-mails to check (features/forwarding), composed in app/. */
  forwarding?: ReactNode;
}) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || 'Your account';
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <title>Account · RedFlag</title>
      <h1 className="text-3xl font-black tracking-tight text-slate-900">Account</h1>
      <SectionCard title="Profile" icon={<UserRound aria-hidden="true" className="size-5" />}>
        <div className="flex items-center gap-4">
          {profile.profileImageUrl ? (
            <img
              src={profile.profileImageUrl}
              alt=""
              className="size-14 shrink-0 rounded-full object-cover"
              referrerPolicy="no-referrer"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-full bg-slate-100 text-xl font-bold text-slate-700"
            >
              {(profile.firstName ?? profile.email).charAt(0).toUpperCase()}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
              <span>{name}</span> {badge}
            </p>
            <p data-testid="account-email" className="text-slate-600">
              <EmailText email={profile.email} />
            </p>
          </div>
        </div>
      </SectionCard>
      {billing}
      <SecuritySection email={profile.email} />
      {forwarding}
      <ReportSharingSection />
      {apiKeys}
      <SectionCard title="Your data" icon={<ShieldCheck aria-hidden="true" className="size-5" />}>
        <p className="mb-4 text-sm text-slate-600">
          Download everything we store about you, or delete your account and all of its scans.
        </p>
        {dataActions}
      </SectionCard>
    </div>
  );
}
