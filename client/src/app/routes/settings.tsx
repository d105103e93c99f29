import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { PlanSummary } from '@/features/billing/components/PlanSummary';
import { usePlanDisplay } from '@/features/billing/hooks/use-plan-display';
import { SettingsPage } from '@/features/settings/components/SettingsPage';
import type { AuthUser } from '../auth';
import { MemberRoute } from './member-route';

function SignedInSettings({ user, onSignOut }: { user: AuthUser; onSignOut: () => void }) {
  const plan = usePlanDisplay();
  return (
    <SettingsPage
      user={user}
      plan={<PlanSummary display={plan.display} isError={plan.isError} />}
      onSignOut={onSignOut}
    />
  );
}

/** /settings: the simpler settings page (docs/product.md §2), behind the route table's rows. */
export function SettingsRoute() {
  const signOut = useSignOut();
  const onSignOut = () => void signOut();
  return (
    // Signed out: the same card as every member page, with its Sign In button (a bare line left no way in).
    <MemberRoute page="settings" what="access settings">
      {(user) => <SignedInSettings user={user} onSignOut={onSignOut} />}
    </MemberRoute>
  );
}
