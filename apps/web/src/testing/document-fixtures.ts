import type { DocumentVersion } from '@trustleaf/domain/schemas/document';

/** A document version as the API lists it: version 1 of a pending, converted licence, no review yet. */
export function testDocumentVersion(overrides: Partial<DocumentVersion> = {}): DocumentVersion {
  return {
    documentId: 1,
    documentTypeId: 1,
    plCompanyId: 7,
    version: 1,
    fileName: 'licence.pdf',
    reviewStatus: 'pending',
    isExpired: false,
    isExpireSoon: false,
    conversionStatus: 'COMPLETED',
    documentResource: { url: null, resourceId: overrides.documentId ?? 1 },
    licenseCountry: null,
    licenseState: null,
    licenseAddress: null,
    licenseNumber: null,
    validationMethod: null,
    stateLicenseStatus: null,
    isLicenseStatusRecentlyChange: false,
    expirationDate: null,
    reviewComment: null,
    reasonId: null,
    reasonName: null,
    businessTypeId: null,
    rtqRequired: false,
    uploadedAt: '2026-01-01T00:00:00Z',
    reviewedAt: null,
    ...overrides,
  };
}
