import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDocuments as contract } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';
import { invalidateCompanyDocuments } from './invalidate-company-documents';

export const deleteDocuments = (plCompanyId: number, documentIds: number[]) =>
  api.call(contract, { plCompanyId, documentIds });

export function useDeleteDocuments(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: number[]) => deleteDocuments(plCompanyId, documentIds),
    onSuccess: () => invalidateCompanyDocuments(queryClient, plCompanyId),
  });
}
