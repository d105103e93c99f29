import { useAuth } from '../auth';
import { SignInRequired } from './sign-in-required';
import { PageSpinner } from './status-card';

export function DashboardRoute() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Loading your dashboard..." />;
  // The signed-in dashboard arrives with the scans feature; until then every visitor is signed out.
  return <SignInRequired what="view your dashboard and scan history" />;
}
