import { AccountPage } from '@/features/account/components/AccountPage';
import { DataRightsActions } from '@/features/account/components/DataRightsActions';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { usePlan } from '@/features/billing/api/get-plan';
import { BillingSection } from '@/features/billing/components/BillingSection';
import { PlanBadge } from '@/features/billing/components/plan-badge';
import { toast } from '@/components/ui/use-toast';
import type { AuthUser } from '../auth';
import { MemberRoute } from './member-route';

function PlanStatusBadge() {
  const plan = usePlan();
  return <PlanBadge plan={plan.data} />;
}

function SignedInAccount({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  // The server has already ended every session with the account; this clears the client and goes to /.
  const onDeleted = async () => {
    await signOut();
    toast({ title: 'Account deleted', description: 'Your account and all of its data have been deleted.' });
  };
  return (
    <AccountPage
      profile={user}
      badge={<PlanStatusBadge />}
      billing={<BillingSection />}
      dataActions={<DataRightsActions email={user.email} onDeleted={onDeleted} />}
    />
  );
}

/** /account: account settings with billing (product-spec.md section 2), behind the route table's rows. */
export function AccountRoute() {
  return (
    <MemberRoute page="account" what="manage your account and billing">
      {(user) => <SignedInAccount user={user} />}
    </MemberRoute>
  );
}
