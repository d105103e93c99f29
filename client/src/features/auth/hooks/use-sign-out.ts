import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Lets the query cache tell its observers (it does so on a later task) and React render what they see. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Sign out (this device, or every device) and go to / (docs/product.md §2). Plain calls to
 * better-auth's endpoints, so the header does not load better-auth's client library.
 *
 * Once the session is gone, nothing may ask for the signed-in user's data again: every such request would
 * answer 401 (a walkthrough counted four or five per sign-out, each a console error, when every cached
 * query was reset and the ones on screen were fetched again). So the cache is told the session is gone
 * first, the signed-in screens unmount, and only then the answers that belonged to the user are dropped,
 * without fetching anything.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
    // section 8: on sign-out, 401/403/404 are ignored: the user ends up signed out either way.
    if (everywhere) await apiRequest('revokeSessions', { body: {} }).catch(() => undefined);
    await apiRequest('signOut', { body: {} }).catch(() => undefined);
    // Requests still on their way (and their 401 retries) are called off.
    await queryClient.cancelQueries();
    queryClient.setQueryData(queryKeys.session, null);
    await settle();
    await navigate('/');
    await settle();
    // Every cached answer belonged to the signed-in user; what the landing page shows is public and stays.
    queryClient.removeQueries({ type: 'inactive' });
  };
}
