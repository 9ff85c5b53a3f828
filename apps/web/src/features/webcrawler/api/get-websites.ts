import { queryOptions, useQuery } from '@tanstack/react-query';
import { websiteListing } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getWebsites = (plCompanyId: number) => api.call(websiteListing, { plCompanyId });

export function getWebsitesQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['webcrawler', 'websites', plCompanyId] as const,
    queryFn: () => getWebsites(plCompanyId),
  });
}

/** The company's websites and their weekly re-scan (beyond the spec: scheduled re-scans). */
export function useWebsites(plCompanyId: number) {
  return useQuery({ ...getWebsitesQueryOptions(plCompanyId), select: (data) => data.websites });
}
