import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { SettingsPage } from '@/features/settings/components/SettingsPage';
import { useAuth } from '../auth';
import { PageSpinner } from './status-card';

/** /settings: the simpler settings page (product-spec.md section 2). */
export function SettingsRoute() {
  const auth = useAuth();
  const signOut = useSignOut();
  if (auth.status === 'loading') return <PageSpinner label="Loading..." />;
  return <SettingsPage user={auth.user} onSignOut={() => void signOut()} />;
}
