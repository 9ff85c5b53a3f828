import { queryOptions, useQuery } from '@tanstack/react-query';
import { listDocuments } from '@trustleaf/domain/api/documents';
import type { CompanyDocument, DocumentClassification } from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';

export const getCompanyDocuments = (plCompanyId: number, classification?: DocumentClassification) =>
  api.call(listDocuments, { plCompanyId, ...(classification ? { classification } : {}) });

/** The key of every company's listings (what a change to the document types refreshes). */
export const allCompanyDocumentsKey = ['documents', 'company'] as const;

/** The key of every classification's listing of one company (what a change to its documents refreshes). */
export const companyDocumentsKey = (plCompanyId: number) => [...allCompanyDocumentsKey, plCompanyId] as const;

export function getCompanyDocumentsQueryOptions(
  plCompanyId: number,
  classification?: DocumentClassification,
) {
  return queryOptions({
    queryKey: [...companyDocumentsKey(plCompanyId), classification ?? 'ALL'] as const,
    queryFn: () => getCompanyDocuments(plCompanyId, classification),
  });
}

export function useCompanyDocuments(plCompanyId: number | null, classification?: DocumentClassification) {
  return useQuery({
    ...getCompanyDocumentsQueryOptions(plCompanyId ?? 0, classification),
    enabled: plCompanyId !== null,
    select: (data): CompanyDocument[] => data.documents,
  });
}
