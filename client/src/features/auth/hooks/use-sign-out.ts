import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api';

/**
 * Sign out (this device, or every device) and go to / (product-spec.md section 2). Plain calls to
 * better-auth's endpoints, so the header does not load better-auth's client library.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
    // section 8: on sign-out, 401/403/404 are ignored: the user ends up signed out either way.
    if (everywhere) await apiRequest('revokeSessions', { body: {} }).catch(() => undefined);
    await apiRequest('signOut', { body: {} }).catch(() => undefined);
    await navigate('/');
    // Every cached answer belonged to the signed-in user; active queries (the session) are read again.
    await queryClient.resetQueries();
  };
}
