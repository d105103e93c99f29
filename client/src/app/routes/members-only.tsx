import { useAuth } from '../auth';
import { SignInRequired } from './sign-in-required';
import { PageSpinner } from './status-card';

/**
 * /scan, /account and /settings exist only for signed-in users (product-spec.md section 2). The server
 * answers 200 for them, so a signed-out visitor gets a sign-in prompt rather than a 404.
 */
export function MembersOnlyRoute({ what }: { what: string }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Loading..." />;
  return <SignInRequired what={what} />;
}
