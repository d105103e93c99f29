import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversionPreview } from '@redflag/contracts/billing';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/billing/conversion-preview: the amount, the card on file and the date the dialog states. */
export const getConversionPreview = (): Promise<ConversionPreview> => apiRequest('getConversionPreview');

/** Read fresh each time the dialog opens: the card may have changed in the portal meanwhile. */
export const conversionPreviewQueryOptions = queryOptions({
  queryKey: queryKeys.conversionPreview,
  queryFn: getConversionPreview,
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useConversionPreview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversionPreviewQueryOptions, enabled });
}
