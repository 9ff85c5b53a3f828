import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upsertDocumentType } from '@trustleaf/domain/api/documents';
import type { DocumentTypeChange } from '@trustleaf/domain/rules/document-types';
import { api } from '@/lib/api';
import { allCompanyDocumentsKey } from './get-company-documents';
import { documentTypeDetailsKey } from './get-document-type-detail';
import { getDocumentTypesQueryOptions } from './get-document-types';
import { getReviewQueueQueryOptions } from './get-review-queue';

export const upsertDocumentTypes = (changes: DocumentTypeChange[]) =>
  api.call(upsertDocumentType, { plDocumentTypes: changes });

/** The types show in every company's vault rows, type details and the review queue. */
export function useUpsertDocumentTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertDocumentTypes,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getDocumentTypesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getReviewQueueQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: allCompanyDocumentsKey }),
        queryClient.invalidateQueries({ queryKey: documentTypeDetailsKey() }),
      ]),
  });
}
