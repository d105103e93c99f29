import { apiRequest } from '@/lib/api';

/** POST /api/billing/portal: the provider's portal for the signed-in user (returns to /account). */
export const getBillingPortalUrl = async () => (await apiRequest('openBillingPortal')).url;

/** POST /api/stripe/create-portal-session: returns to `returnUrl` (this site's pages only). */
export const createPortalSession = async (returnUrl: string) =>
  (await apiRequest('createPortalSession', { body: { returnUrl } })).url;
