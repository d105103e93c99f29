import type { Feedback, FeedbackRequest } from '@redflag/contracts/feedback';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/scans/:id/feedback: the owner's answer, or null. */
export async function getFeedback(scanId: string): Promise<Feedback | null> {
  return (await apiRequest('getFeedback', { params: { id: scanId } })).feedback;
}

/** PUT /api/scans/:id/feedback: saves (or changes) the answer. */
export async function saveFeedback(scanId: string, body: FeedbackRequest): Promise<Feedback | null> {
  return (await apiRequest('saveFeedback', { params: { id: scanId }, body })).feedback;
}

export function feedbackQueryOptions(scanId: string) {
  return queryOptions({ queryKey: queryKeys.scans.feedback(scanId), queryFn: () => getFeedback(scanId) });
}

export function useFeedback(scanId: string) {
  return useQuery(feedbackQueryOptions(scanId));
}

export function useSaveFeedback(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.scans.feedback(scanId), 'save'],
    mutationFn: (body: FeedbackRequest) => saveFeedback(scanId, body),
    onSuccess: (feedback) => queryClient.setQueryData(queryKeys.scans.feedback(scanId), feedback),
  });
}
