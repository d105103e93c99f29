import type { PortalResponse } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

/** POST /api/billing/portal: the provider's portal for the signed-in user (returns to /account). */
export const getBillingPortalUrl = async () => (await api.post<PortalResponse>('/api/billing/portal')).url;

/** POST /api/stripe/create-portal-session: returns to `returnUrl` (this site's pages only). */
export const createPortalSession = async (returnUrl: string) =>
  (await api.post<PortalResponse>('/api/stripe/create-portal-session', { returnUrl })).url;
