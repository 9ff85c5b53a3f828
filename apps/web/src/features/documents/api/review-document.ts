import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateDocumentReviewStatus } from '@trustleaf/domain/api/documents';
import type { ReviewPayload } from '@trustleaf/domain/rules/document-review';
import type { DocumentVersion } from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';
import { invalidateCompanyDocuments } from './invalidate-company-documents';

export const reviewDocument = (payload: ReviewPayload): Promise<DocumentVersion> =>
  api.call(updateDocumentReviewStatus, payload);

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    onSuccess: (version) =>
      invalidateCompanyDocuments(queryClient, version.plCompanyId, version.documentTypeId),
  });
}
