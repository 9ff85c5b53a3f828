import type { DocumentTypeChange } from '@trustleaf/domain/rules/document-types';
import type { ReasonChange } from '@trustleaf/domain/rules/rejection-reasons';
import type { ReviewPayload } from '@trustleaf/domain/rules/document-review';
import type {
  CoaUploadJob,
  CompanyDocument,
  DocumentClassification,
  DocumentType,
  DocumentTypeDetail,
  DocumentVersion,
  Reason,
} from '@trustleaf/domain/schemas/document';
import * as contracts from '@trustleaf/domain/api/documents';
import { directoryCompanies } from '@trustleaf/domain/api/directory';
import * as storage from '@trustleaf/domain/api/storage';
import { DIRECTORY_QUERY_MIN } from '@trustleaf/domain/schemas/directory';
import type { EndpointOutput } from '@trustleaf/domain/api/endpoint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const documentKeys = {
  all: ['documents'] as const,
  types: ['documents', 'types'] as const,
  reasons: ['documents', 'reasons'] as const,
  company: (plCompanyId: number) => ['documents', 'company', plCompanyId] as const,
  detail: (plCompanyId: number, documentTypeId: number) =>
    ['documents', 'detail', plCompanyId, documentTypeId] as const,
  queue: ['documents', 'queue'] as const,
};

// ---- document types ----
export function useDocumentTypes() {
  return useQuery({
    queryKey: documentKeys.types,
    queryFn: () => api.call(contracts.documentTypeListing, {}),
    select: (data): DocumentType[] => data.plDocumentTypes,
  });
}

export function useUpsertDocumentTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DocumentTypeChange[]) =>
      api.call(contracts.upsertDocumentType, { plDocumentTypes: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

// ---- rejection reasons ----
export function useReasons(enabled = true) {
  return useQuery({
    queryKey: documentKeys.reasons,
    enabled,
    queryFn: () => api.call(contracts.reasonListing, { reasonType: 'REJECT' }),
    select: (data): Reason[] => data.reasons,
  });
}

export function useUpsertReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReasonChange[]) => api.call(contracts.upsertReason, { plReasons: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.reasons }),
  });
}

// ---- company documents ----
export function useCompanyDocuments(plCompanyId: number | null, classification?: DocumentClassification) {
  return useQuery({
    queryKey: [...documentKeys.company(plCompanyId ?? 0), classification ?? 'ALL'],
    enabled: plCompanyId !== null,
    queryFn: () =>
      api.call(contracts.listDocuments, {
        plCompanyId: plCompanyId ?? 0,
        ...(classification ? { classification } : {}),
      }),
    select: (data): CompanyDocument[] => data.documents,
  });
}

export function useDocumentTypeDetail(plCompanyId: number, documentTypeId: number) {
  return useQuery({
    queryKey: documentKeys.detail(plCompanyId, documentTypeId),
    queryFn: (): Promise<DocumentTypeDetail> =>
      api.call(contracts.getDocumentTypeDetail, { plCompanyId, documentTypeId }),
  });
}

/** Stores files through the shared preupload endpoint (content-checked, size-limited while streaming). */
export async function preupload(files: File[], mode: 'document' | 'coa', plCompanyId: number) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload(storage.preupload, { mode, plCompanyId }, form);
}

export interface UploadDocumentValues {
  plCompanyId: number;
  documentTypeId: number;
  file: File;
  expirationDate: string | null;
  licenseNumber: string | null;
  licenseCountry: string | null;
  licenseState: string | null;
  licenseAddress: string | null;
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, ...values }: UploadDocumentValues) => {
      const [stored] = await preupload([file], 'document', values.plCompanyId);
      return api.call(contracts.uploadDocument, { ...values, uploadKey: stored!.key });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export async function openDocument(documentId: number, variant: 'original' | 'view') {
  const link = await api.call(contracts.getDownloadLink, { documentId, variant });
  window.open(link.url, '_blank', 'noopener');
}

// ---- review ----
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReviewPayload): Promise<DocumentVersion> =>
      api.call(contracts.updateDocumentReviewStatus, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export type ReviewQueueItem = EndpointOutput<typeof contracts.reviewQueue>['items'][number];

export function useReviewQueue() {
  return useQuery({
    queryKey: documentKeys.queue,
    queryFn: () => api.call(contracts.reviewQueue, {}),
    select: (data) => data.items,
  });
}

// ---- COA ----
export async function uploadCoas(files: File[], plCompanyId: number): Promise<CoaUploadJob> {
  const stored = await preupload(files, 'coa', plCompanyId);
  return api.call(contracts.uploadCoas, { plCompanyId, uploadKeys: stored.map((f) => f.key) });
}

// ---- notes ----
export type DocumentNote = EndpointOutput<typeof contracts.listNotes>['notes'][number];

export function useDocumentNotes(plDocumentId: number) {
  return useQuery({
    queryKey: ['documents', 'notes', plDocumentId],
    queryFn: () => api.call(contracts.listNotes, { plDocumentId }),
    select: (data) => data.notes,
  });
}

export function useAddDocumentNote(plDocumentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.call(contracts.addNote, { plDocumentId, note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents', 'notes', plDocumentId] }),
  });
}

export function useDeleteDocuments(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: number[]) => api.call(contracts.deleteDocuments, { plCompanyId, documentIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

// ---- reviewer companies ----
export const reviewerKeys = {
  list: (plCompanyId: number) => ['documents', 'reviewers', plCompanyId] as const,
  search: (q: string) => ['documents', 'reviewer-search', q] as const,
};

export function useReviewers(plCompanyId: number) {
  return useQuery({
    queryKey: reviewerKeys.list(plCompanyId),
    queryFn: ({ signal }) => api.call(contracts.reviewerListing, { plCompanyId }, { signal }),
    select: (data) => data.reviewers,
  });
}

/** Companies to choose a reviewer from: the public directory's name search (at least 3 characters). */
export function useReviewerSearch(q: string) {
  return useQuery({
    queryKey: reviewerKeys.search(q),
    enabled: q.length >= DIRECTORY_QUERY_MIN,
    queryFn: ({ signal }) => api.call(directoryCompanies, { q, pageSize: 10 }, { signal }),
    select: (data) => data.items,
  });
}

export function useAssignReviewer(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewerCompanyId: number; remove?: boolean }) =>
      api.call(contracts.assignReviewer, { plCompanyId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewerKeys.list(plCompanyId), exact: true }),
  });
}
