import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { SettingsPage } from '@/features/settings/components/SettingsPage';
import { MemberRoute } from './member-route';

/** /settings: the simpler settings page (product-spec.md section 2), behind the route table's rows. */
export function SettingsRoute() {
  const signOut = useSignOut();
  const onSignOut = () => void signOut();
  return (
    <MemberRoute page="settings" what="access settings" signedOut={<SettingsPage user={null} onSignOut={onSignOut} />}>
      {(user) => <SettingsPage user={user} onSignOut={onSignOut} />}
    </MemberRoute>
  );
}
