import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTemplate } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { templateKeys } from './keys';

export const getSiteTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: templateKeys.detail(id), queryFn: () => api.call(getTemplate, { id }) });

export function useSiteTemplate(id: number | null) {
  return useQuery({ ...getSiteTemplateQueryOptions(id ?? 0), enabled: id !== null });
}
