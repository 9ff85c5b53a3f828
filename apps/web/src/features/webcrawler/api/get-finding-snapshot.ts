import { queryOptions, useQuery } from '@tanstack/react-query';
import { complianceFindingSnapshot } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getFindingSnapshot = (complianceFindingId: number) =>
  api.call(complianceFindingSnapshot, { id: complianceFindingId });

export function getFindingSnapshotQueryOptions(complianceFindingId: number) {
  return queryOptions({
    queryKey: ['webcrawler', 'snapshot', complianceFindingId] as const,
    queryFn: () => getFindingSnapshot(complianceFindingId),
    staleTime: Infinity,
    retry: false,
  });
}

/** A finding's page snapshot (the claim highlighted on the rendered page) as a data URL. */
export function useFindingSnapshot(complianceFindingId: number, enabled: boolean) {
  return useQuery({ ...getFindingSnapshotQueryOptions(complianceFindingId), enabled });
}
