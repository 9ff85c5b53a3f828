import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upsertReason } from '@trustleaf/domain/api/documents';
import type { ReasonChange } from '@trustleaf/domain/rules/rejection-reasons';
import { api } from '@/lib/api';
import { getReasonsQueryOptions } from './get-reasons';

export const upsertReasons = (changes: ReasonChange[]) => api.call(upsertReason, { plReasons: changes });

export function useUpsertReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertReasons,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getReasonsQueryOptions().queryKey, exact: true }),
  });
}
