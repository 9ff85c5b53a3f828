import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addNote } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';
import { getDocumentNotesQueryOptions } from './get-document-notes';

export const addDocumentNote = (plDocumentId: number, note: string) =>
  api.call(addNote, { plDocumentId, note });

export function useAddDocumentNote(plDocumentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => addDocumentNote(plDocumentId, note),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getDocumentNotesQueryOptions(plDocumentId).queryKey,
        exact: true,
      }),
  });
}
