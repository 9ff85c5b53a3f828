import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getCoaUploadJob, uploadCoas as uploadCoasContract } from '@trustleaf/domain/api/documents';
import { COA_UPLOAD_EVENT, type CoaUploadJob } from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-provider';
import { preupload } from './preupload';

/** Stores the COA files, then starts the batch that reads them (spec 3 §4 "COA upload progress"). */
export async function uploadCoas(files: File[], plCompanyId: number): Promise<CoaUploadJob> {
  const stored = await preupload(files, 'coa', plCompanyId);
  return api.call(uploadCoasContract, { plCompanyId, uploadKeys: stored.map((f) => f.key) });
}

export const isCoaUploadDone = (job: CoaUploadJob | undefined): boolean =>
  job?.status === 'COMPLETED' || job?.status === 'FAILED';

/**
 * One batch's progress. The live channel writes each step into this query's cache; polling every 4 s
 * while the batch runs covers a missed event or a worker in another process.
 */
export function getCoaUploadJobQueryOptions(plUserUploadCoaId: number) {
  return queryOptions({
    queryKey: ['documents', 'coa-upload', plUserUploadCoaId] as const,
    queryFn: ({ signal }) => api.call(getCoaUploadJob, { plUserUploadCoaId }, { signal }),
    refetchInterval: (query) => (isCoaUploadDone(query.state.data) ? false : 4000),
    staleTime: Infinity,
  });
}

/**
 * Keeps the furthest state of a batch: an answer or event that arrives late (the upload's own
 * answer after the first live steps) never moves the progress back.
 */
export function putCoaUploadJob(queryClient: QueryClient, job: CoaUploadJob): void {
  queryClient.setQueryData(getCoaUploadJobQueryOptions(job.plUserUploadCoaId).queryKey, (previous) =>
    previous && (isCoaUploadDone(previous) || previous.processed > job.processed) ? previous : job,
  );
}

/** The batch's progress (null before an upload starts), fed by the company's live events. */
export function useCoaUploadJob(plUserUploadCoaId: number | null) {
  const queryClient = useQueryClient();
  useLiveEvent<CoaUploadJob>(COA_UPLOAD_EVENT, (job) => putCoaUploadJob(queryClient, job));
  return useQuery({
    ...getCoaUploadJobQueryOptions(plUserUploadCoaId ?? 0),
    enabled: plUserUploadCoaId !== null,
  });
}
