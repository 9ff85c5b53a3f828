import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentTypeListing } from '@trustleaf/domain/api/documents';
import type { DocumentType } from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';

export const getDocumentTypes = () => api.call(documentTypeListing, {});

export function getDocumentTypesQueryOptions() {
  return queryOptions({ queryKey: ['documents', 'types'] as const, queryFn: getDocumentTypes });
}

export function useDocumentTypes() {
  return useQuery({
    ...getDocumentTypesQueryOptions(),
    select: (data): DocumentType[] => data.plDocumentTypes,
  });
}
