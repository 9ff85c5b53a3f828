import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkReviewComplianceFindings } from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getViolationCheckDetailQueryOptions } from './get-violation-check-detail';

export const bulkReview = (input: EndpointInput<typeof bulkReviewComplianceFindings>) =>
  api.call(bulkReviewComplianceFindings, input);

export function useBulkReview(plCompanyId: number, plViolationCheckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkReview,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getViolationCheckDetailQueryOptions(plCompanyId, plViolationCheckId).queryKey,
        exact: true,
      }),
  });
}
