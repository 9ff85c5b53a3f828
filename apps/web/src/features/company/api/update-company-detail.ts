import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCompanyDetail as contract } from '@trustleaf/domain/api/company';
import type { CompanyDetail, UpdateCompanyDetailInput } from '@trustleaf/domain/schemas/company';
import { api } from '@/lib/api';
import { getCompanyDetailQueryOptions } from './get-company-detail';

export const updateCompanyDetail = (input: UpdateCompanyDetailInput) => api.call(contract, input);

/** The answer is the saved detail: it replaces the cached one without another request. */
export function useUpdateCompanyDetail(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyDetail,
    onSuccess: (detail: CompanyDetail) =>
      queryClient.setQueryData(getCompanyDetailQueryOptions(plCompanyId).queryKey, detail),
  });
}
