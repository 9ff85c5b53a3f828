import { queryOptions, useQuery } from '@tanstack/react-query';
import { listNotes } from '@trustleaf/domain/api/documents';
import type { EndpointOutput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

export type DocumentNote = EndpointOutput<typeof listNotes>['notes'][number];

export const getDocumentNotes = (plDocumentId: number) => api.call(listNotes, { plDocumentId });

export function getDocumentNotesQueryOptions(plDocumentId: number) {
  return queryOptions({
    queryKey: ['documents', 'notes', plDocumentId] as const,
    queryFn: () => getDocumentNotes(plDocumentId),
  });
}

export function useDocumentNotes(plDocumentId: number) {
  return useQuery({ ...getDocumentNotesQueryOptions(plDocumentId), select: (data) => data.notes });
}
