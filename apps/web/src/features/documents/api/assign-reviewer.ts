import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignReviewer as contract } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';
import { getReviewersQueryOptions } from './get-reviewers';

export const assignReviewer = (plCompanyId: number, input: { reviewerCompanyId: number; remove?: boolean }) =>
  api.call(contract, { plCompanyId, ...input });

export function useAssignReviewer(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewerCompanyId: number; remove?: boolean }) =>
      assignReviewer(plCompanyId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getReviewersQueryOptions(plCompanyId).queryKey,
        exact: true,
      }),
  });
}
