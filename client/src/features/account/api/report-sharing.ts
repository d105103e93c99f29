import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET / PUT /api/account/report-sharing: whether this account's flagged scans count in the reports other
 * users see (decision 103). Turning it off also withdraws the reports already made.
 */
export const getReportSharing = () => apiRequest('getReportSharing');
export const saveReportSharing = (shareReports: boolean) => apiRequest('saveReportSharing', { body: { shareReports } });

export const reportSharingQueryOptions = queryOptions({ queryKey: queryKeys.reportSharing, queryFn: getReportSharing });

export function useReportSharing() {
  return useQuery(reportSharingQueryOptions);
}

export function useSaveReportSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportSharing,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.reportSharing, data),
  });
}
