import { AccountPage } from '@/features/account/components/AccountPage';
import { ApiKeysSection } from '@/features/api-keys/components/ApiKeysSection';
import { ForwardingAddressSection } from '@/features/forwarding/components/ForwardingAddressSection';
import { DataRightsActions, type RenewingSubscription } from '@/features/account/components/DataRightsActions';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { BillingSection } from '@/features/billing/components/BillingSection';
import { PlanBadge } from '@/features/billing/components/plan-badge';
import { usePlanDisplay } from '@/features/billing/hooks/use-plan-display';
import { toast } from '@/components/ui/use-toast';
import type { AuthUser } from '../auth';
import { MemberRoute } from './member-route';

function SignedInAccount({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  const { display } = usePlanDisplay();
  const cancel = useCancelSubscription();
  // The server has already ended every session with the account; this clears the client and goes to /.
  const onDeleted = async () => {
    await signOut();
    toast({ title: 'Account deleted', description: 'Your account and all of its data have been deleted.' });
  };
  const subscription: RenewingSubscription | null = display?.cancellable
    ? display.kind === 'trial'
      ? { what: 'Your free trial', next: 'turns into Premium when it ends', cancel: () => cancel.mutateAsync() }
      : { what: 'Your Premium subscription', next: 'is still set to renew', cancel: () => cancel.mutateAsync() }
    : null;
  return (
    <AccountPage
      profile={user}
      badge={<PlanBadge display={display} />}
      billing={<BillingSection />}
      dataActions={<DataRightsActions email={user.email} subscription={subscription} onDeleted={onDeleted} />}
      forwarding={<ForwardingAddressSection />}
      apiKeys={<ApiKeysSection />}
    />
  );
}

/** /account: account settings with billing (docs/product.md §2), behind the route table's rows. */
export function AccountRoute() {
  return (
    <MemberRoute page="account" what="manage your account and billing">
      {(user) => <SignedInAccount user={user} />}
    </MemberRoute>
  );
}
