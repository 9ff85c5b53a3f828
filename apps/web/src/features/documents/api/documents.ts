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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/stores/app-store';

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
    queryFn: () =>
      api.request<{ plDocumentTypes: DocumentType[] }>('/api/document/documentTypeListing', { body: {} }),
    select: (data) => data.plDocumentTypes,
  });
}

export function useUpsertDocumentTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DocumentTypeChange[]) =>
      api.request('/api/document/upsertDocumentType', { body: { plDocumentTypes: changes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

// ---- rejection reasons ----
export function useReasons(enabled = true) {
  return useQuery({
    queryKey: documentKeys.reasons,
    enabled,
    queryFn: () =>
      api.request<{ reasons: Reason[] }>('/api/document/reasonListing', { body: { reasonType: 'REJECT' } }),
    select: (data) => data.reasons,
  });
}

export function useUpsertReasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReasonChange[]) =>
      api.request('/api/document/upsertReason', { body: { plReasons: changes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.reasons }),
  });
}

// ---- company documents ----
export function useCompanyDocuments(plCompanyId: number | null, classification?: DocumentClassification) {
  return useQuery({
    queryKey: [...documentKeys.company(plCompanyId ?? 0), classification ?? 'ALL'],
    enabled: plCompanyId !== null,
    queryFn: () => {
      const query = new URLSearchParams({ plCompanyId: String(plCompanyId) });
      if (classification) query.set('classification', classification);
      return api.request<{ documents: CompanyDocument[] }>(`/api/document/documents?${query.toString()}`, {
        method: 'GET',
      });
    },
    select: (data) => data.documents,
  });
}

export function useDocumentTypeDetail(plCompanyId: number, documentTypeId: number) {
  return useQuery({
    queryKey: documentKeys.detail(plCompanyId, documentTypeId),
    queryFn: () =>
      api.request<DocumentTypeDetail>('/api/document/getDocumentTypeDetail', {
        body: { plCompanyId, documentTypeId },
      }),
  });
}

/** Stores files through the shared preupload endpoint (content-checked, size-limited while streaming). */
export async function preupload(files: File[], mode: 'document' | 'coa', plCompanyId: number) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const token = getAccessToken();
  const response = await fetch(`/api/storage/preupload?mode=${mode}&plCompanyId=${plCompanyId}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const payload = (await response.json().catch(() => null)) as {
    detail?: { key: string; name: string; size: number }[];
    messages?: string[];
    code?: string;
  } | null;
  if (!response.ok || !payload?.detail) {
    throw new ApiError(
      response.status,
      payload?.code ?? 'UNKNOWN',
      payload?.messages?.[0] ?? 'Cannot upload your file',
    );
  }
  return payload.detail;
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
      return api.request<DocumentVersion>('/api/document/document', {
        body: { ...values, uploadKey: stored!.key },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export async function openDocument(documentId: number, variant: 'original' | 'view') {
  const link = await api.request<{ url: string }>('/api/document/getDownloadLink', {
    body: { documentId, variant },
  });
  window.open(link.url, '_blank', 'noopener');
}

// ---- review ----
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReviewPayload) =>
      api.request<DocumentVersion>('/api/document/updateDocumentReviewStatus', { body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export interface ReviewQueueItem {
  plCompanyId: number;
  companyName: string;
  documentTypeId: number;
  documentTypeName: string;
  documentId: number;
  reviewStatus: string;
  uploadedAt: string;
}

export function useReviewQueue() {
  return useQuery({
    queryKey: documentKeys.queue,
    queryFn: () => api.request<{ items: ReviewQueueItem[] }>('/api/document/reviewQueue', { body: {} }),
    select: (data) => data.items,
  });
}

// ---- COA ----
export async function uploadCoas(files: File[], plCompanyId: number): Promise<CoaUploadJob> {
  const stored = await preupload(files, 'coa', plCompanyId);
  return api.request<CoaUploadJob>('/api/coa/uploadCoas', {
    body: { plCompanyId, uploadKeys: stored.map((f) => f.key) },
  });
}

export interface GeneralLists {
  businessTypes?: { id: number; name: string }[];
  countries?: { name: string; code: string }[];
  states?: { country: string; abbreviation: string; name: string }[];
}

export function useGeneralLists() {
  return useQuery({
    queryKey: ['general', 'documents-lists'],
    staleTime: Infinity,
    queryFn: () =>
      api.request<GeneralLists>('/api/general/generalInfo', {
        body: { requestFields: ['businessTypes', 'countries', 'states'] },
      }),
  });
}

// ---- notes ----
export interface DocumentNote {
  plNoteId: number;
  note: string;
  author: string;
  createdAt: string;
}

export function useDocumentNotes(plDocumentId: number) {
  return useQuery({
    queryKey: ['documents', 'notes', plDocumentId],
    queryFn: () =>
      api.request<{ notes: DocumentNote[] }>(`/api/document/notes?plDocumentId=${plDocumentId}`, {
        method: 'GET',
      }),
    select: (data) => data.notes,
  });
}

export function useAddDocumentNote(plDocumentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.request('/api/document/notes', { body: { plDocumentId, note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents', 'notes', plDocumentId] }),
  });
}
