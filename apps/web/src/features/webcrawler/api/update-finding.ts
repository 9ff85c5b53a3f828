import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateComplianceFinding } from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import type { ViolationCheckDetail } from '@trustleaf/domain/schemas/webcrawler';
import { api } from '@/lib/api';
import { getViolationCheckDetailQueryOptions } from './get-violation-check-detail';
import { getViolationChecksQueryOptions } from './get-violation-checks';

export const updateFinding = (input: EndpointInput<typeof updateComplianceFinding>) =>
  api.call(updateComplianceFinding, input);

export function useUpdateFinding(plCompanyId: number, plViolationCheckId: number) {
  const queryClient = useQueryClient();
  const detailKey = getViolationCheckDetailQueryOptions(plCompanyId, plViolationCheckId).queryKey;
  return useMutation({
    mutationFn: updateFinding,
    onSuccess: (saved) => {
      // The saved finding replaces the shown one at once; the refetch below then brings the counts.
      queryClient.setQueryData(
        detailKey,
        (detail: ViolationCheckDetail | undefined) =>
          detail && {
            ...detail,
            violations: detail.violations.map((violation) =>
              violation.complianceFindingId === saved.complianceFindingId
                ? {
                    ...violation,
                    severity: saved.severity,
                    isCompliant: saved.isCompliant,
                    isReviewed: saved.isReviewed,
                  }
                : violation,
            ),
          },
      );
      return Promise.all(
        [detailKey, getViolationChecksQueryOptions(plCompanyId).queryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
      );
    },
  });
}
