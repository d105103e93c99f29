import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';

/** Sign out (this device, or every device) and go to / (product-spec.md section 2). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
    // section 8: on sign-out, 401/403/404 are ignored: the user ends up signed out either way.
    if (everywhere) await authClient.revokeSessions().catch(() => undefined);
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    await navigate('/');
  };
}
