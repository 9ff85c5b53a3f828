import type { QueryClient } from '@tanstack/react-query';
import { companyDocumentsKey } from './get-company-documents';
import { documentTypeDetailsKey, getDocumentTypeDetailQueryOptions } from './get-document-type-detail';
import { getReviewQueueQueryOptions } from './get-review-queue';

/**
 * What a change to a company's versions refreshes: its vault listings, the type's detail (every
 * type's when no type is named) and the review queue.
 */
export function invalidateCompanyDocuments(
  queryClient: QueryClient,
  plCompanyId: number,
  documentTypeId?: number,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: companyDocumentsKey(plCompanyId) }),
    documentTypeId === undefined
      ? queryClient.invalidateQueries({ queryKey: documentTypeDetailsKey(plCompanyId) })
      : queryClient.invalidateQueries({
          queryKey: getDocumentTypeDetailQueryOptions(plCompanyId, documentTypeId).queryKey,
          exact: true,
        }),
    queryClient.invalidateQueries({ queryKey: getReviewQueueQueryOptions().queryKey, exact: true }),
  ]);
}
