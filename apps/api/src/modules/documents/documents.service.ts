import { createCoaService } from './coa.service.ts';
import { createDocumentReviewService } from './document-review.service.ts';
import { createDocumentTypesService } from './document-types.service.ts';
import { createDocumentVersionsService } from './document-versions.service.ts';
import { createDocumentAccess, type DocumentsServiceDeps } from './documents.access.ts';

/**
 * The vault: document types and rejection reasons, a company's document versions, their review,
 * and COA batches, each in its own file over one access check (documents.access.ts).
 */
export function createDocumentsService(deps: DocumentsServiceDeps) {
  const access = createDocumentAccess(deps);
  return {
    ...createDocumentTypesService(deps, access),
    ...createDocumentVersionsService(deps, access),
    ...createDocumentReviewService(deps, access),
    ...createCoaService(deps, access),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
