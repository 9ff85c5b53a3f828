import { queryOptions, useQuery } from '@tanstack/react-query';
import { urlToBase64 } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getIssueImage = (imageUrl: string) => api.call(urlToBase64, { imageUrl, cache: 'true' });

export function getIssueImageQueryOptions(imageUrl: string) {
  return queryOptions({
    queryKey: ['webcrawler', 'image', imageUrl] as const,
    queryFn: () => getIssueImage(imageUrl),
    staleTime: Infinity,
    retry: false,
  });
}

/** An issue image as a data URL, through the server's proxy (spec 3 §2). */
export function useIssueImage(imageUrl: string | null) {
  return useQuery({ ...getIssueImageQueryOptions(imageUrl ?? ''), enabled: imageUrl !== null });
}
