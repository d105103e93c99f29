import { feedbackResponseSchema, type Feedback, type FeedbackRequest } from '@redflag/contracts/feedback';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const feedbackKeys = {
  scan: (scanId: string) => ['/api/scans', scanId, 'feedback'] as const,
};

const path = (scanId: string) => `/api/scans/${encodeURIComponent(scanId)}/feedback`;

/** GET /api/scans/:id/feedback: the owner's answer, or null. */
export async function getFeedback(scanId: string): Promise<Feedback | null> {
  return feedbackResponseSchema.parse(await api.get<unknown>(path(scanId))).feedback;
}

/** PUT /api/scans/:id/feedback: saves (or changes) the answer. */
export async function saveFeedback(scanId: string, body: FeedbackRequest): Promise<Feedback | null> {
  return feedbackResponseSchema.parse(await api.put<unknown>(path(scanId), body)).feedback;
}

export function feedbackQueryOptions(scanId: string) {
  return queryOptions({ queryKey: feedbackKeys.scan(scanId), queryFn: () => getFeedback(scanId) });
}

export function useFeedback(scanId: string) {
  return useQuery(feedbackQueryOptions(scanId));
}

export function useSaveFeedback(scanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...feedbackKeys.scan(scanId), 'save'],
    mutationFn: (body: FeedbackRequest) => saveFeedback(scanId, body),
    onSuccess: (feedback) => queryClient.setQueryData(feedbackKeys.scan(scanId), feedback),
  });
}
