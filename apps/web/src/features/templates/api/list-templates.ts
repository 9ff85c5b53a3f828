import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTemplates } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { templateKeys } from './keys';

export const getSiteTemplatesQueryOptions = () =>
  queryOptions({ queryKey: templateKeys.list(), queryFn: () => api.call(listTemplates, {}) });

export const useSiteTemplates = () => useQuery(getSiteTemplatesQueryOptions());
