import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversionPreviewSchema, type ConversionPreview } from '@redflag/contracts/billing';
import { api } from '@/lib/api';

/** GET /api/billing/conversion-preview: the amount, the card on file and the date the dialog states. */
export const CONVERSION_PREVIEW_KEY = ['/api/billing/conversion-preview'] as const;

export const getConversionPreview = async (): Promise<ConversionPreview> => conversionPreviewSchema.parse(await api.get<unknown>('/api/billing/conversion-preview'));

/** Read fresh each time the dialog opens: the card may have changed in the portal meanwhile. */
export const conversionPreviewQueryOptions = queryOptions({
  queryKey: CONVERSION_PREVIEW_KEY,
  queryFn: getConversionPreview,
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useConversionPreview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversionPreviewQueryOptions, enabled });
}
