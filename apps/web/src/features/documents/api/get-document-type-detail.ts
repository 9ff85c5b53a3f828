import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDocumentTypeDetail as contract } from '@trustleaf/domain/api/documents';
import {
  DOCUMENT_CONVERTED_EVENT,
  type DocumentConvertedEvent,
  type DocumentTypeDetail,
} from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-provider';

export const getDocumentTypeDetail = (plCompanyId: number, documentTypeId: number) =>
  api.call(contract, { plCompanyId, documentTypeId });

/** The key of every detail of one company's types (all companies' when left out). */
export const documentTypeDetailsKey = (plCompanyId?: number) =>
  plCompanyId === undefined
    ? (['documents', 'detail'] as const)
    : (['documents', 'detail', plCompanyId] as const);

export function getDocumentTypeDetailQueryOptions(plCompanyId: number, documentTypeId: number) {
  return queryOptions({
    queryKey: [...documentTypeDetailsKey(plCompanyId), documentTypeId] as const,
    queryFn: (): Promise<DocumentTypeDetail> => getDocumentTypeDetail(plCompanyId, documentTypeId),
  });
}

/**
 * A document type with the company's versions. A version still converting to PDF shows as such
 * until the server's live event says its conversion ended; the versions are then fetched again.
 */
export function useDocumentTypeDetail(plCompanyId: number, documentTypeId: number) {
  const queryClient = useQueryClient();
  useLiveEvent<DocumentConvertedEvent>(DOCUMENT_CONVERTED_EVENT, (event) => {
    if (event.plCompanyId !== plCompanyId || event.documentTypeId !== documentTypeId) return;
    void queryClient.invalidateQueries({
      queryKey: getDocumentTypeDetailQueryOptions(plCompanyId, documentTypeId).queryKey,
      exact: true,
    });
  });
  return useQuery(getDocumentTypeDetailQueryOptions(plCompanyId, documentTypeId));
}
