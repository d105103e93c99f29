import { DashboardGreeting } from '@/features/dashboard/components/DashboardGreeting';
import { useAuth } from '../auth';
import { SignInRequired } from './sign-in-required';
import { PageSpinner } from './status-card';

export function DashboardRoute() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Loading your dashboard..." />;
  if (auth.status === 'signed_out') return <SignInRequired what="view your dashboard and scan history" />;
  if (auth.user.subscriptionStatus === 'loading') return <PageSpinner label="Loading your dashboard..." />;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>Dashboard · RedFlag</title>
      <DashboardGreeting firstName={auth.user.firstName} />
    </section>
  );
}
