import { Bell, Download, KeyRound, Pencil, ShieldCheck, Trash2, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';

export interface AccountProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

const comingSoon = (what: string) => () => toast({ title: 'Coming soon', description: `${what} will be available soon.` });

/**
 * /account (product-spec.md section 2): profile with the plan badge, billing, and account / security
 * actions. Billing and the badge come from the billing feature through slots (features meet in app/).
 * Export My Data and Delete Account are passed in when the data-rights feature provides them.
 */
export function AccountPage({ profile, badge, billing, dataActions }: { profile: AccountProfile; badge: ReactNode; billing: ReactNode; dataActions?: ReactNode }) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || 'Your account';
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <title>Account · RedFlag</title>
      <h1 className="text-3xl font-black tracking-tight text-slate-900">Account Settings</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserRound aria-hidden="true" className="size-5" /> Profile
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          {profile.profileImageUrl ? (
            <img src={profile.profileImageUrl} alt="" className="size-14 rounded-full object-cover" referrerPolicy="no-referrer" />
          ) : (
            <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-slate-100 text-xl font-bold text-slate-700">
              {(profile.firstName ?? profile.email).charAt(0).toUpperCase()}
            </span>
          )}
          <div className="min-w-[min(100%,14rem)] flex-1">
            <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
              {name} {badge}
            </p>
            <p className="break-all text-slate-600">{profile.email}</p>
          </div>
          <Button variant="outline" onClick={comingSoon('Editing your profile')}>
            <Pencil aria-hidden="true" /> Edit profile
          </Button>
        </CardContent>
      </Card>
      {billing}
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={comingSoon('Notification preferences')}>
            <Bell aria-hidden="true" /> Notification preferences
          </Button>
          {dataActions ?? (
            <>
              <Button variant="outline" onClick={() => toast({ title: 'Export requested', description: 'Your data export will be e-mailed to you within 24 hours.' })}>
                <Download aria-hidden="true" /> Export My Data
              </Button>
              <Button variant="outline" onClick={comingSoon('Deleting your account from here')}>
                <Trash2 aria-hidden="true" /> Delete Account
              </Button>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Security</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" onClick={comingSoon('Changing your password')}>
            <KeyRound aria-hidden="true" /> Change password
          </Button>
          <Button variant="outline" onClick={comingSoon('Two-factor authentication')}>
            <ShieldCheck aria-hidden="true" /> Two-factor authentication
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
