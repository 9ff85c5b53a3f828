import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDocument as contract } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';
import { invalidateCompanyDocuments } from './invalidate-company-documents';
import { preupload } from './preupload';

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

/** Stores the file through preupload, then files it as the type's next version. */
export async function uploadDocument({ file, ...values }: UploadDocumentValues) {
  const [stored] = await preupload([file], 'document', values.plCompanyId);
  return api.call(contract, { ...values, uploadKey: stored!.key });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_version, values) =>
      invalidateCompanyDocuments(queryClient, values.plCompanyId, values.documentTypeId),
  });
}
