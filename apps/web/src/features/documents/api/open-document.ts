import { getDownloadLink } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';

/** Opens a five-minute link to a document's original file or its PDF view in a new tab. */
export async function openDocument(documentId: number, variant: 'original' | 'view') {
  const link = await api.call(getDownloadLink, { documentId, variant });
  window.open(link.url, '_blank', 'noopener');
}
