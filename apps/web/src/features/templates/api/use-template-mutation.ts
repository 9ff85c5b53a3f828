import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SiteTemplateDetail } from '@trustleaf/domain/schemas/site-template';
import { brandingCompanyId, loadBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';
import { templateKeys } from './keys';

/** The template whose loaded detail holds the element (an element change names only the element). */
export function templateOfElement(queryClient: QueryClient, elementId: number): number | null {
  const details = queryClient.getQueriesData<SiteTemplateDetail>({
    queryKey: [...templateKeys.all, 'detail'],
  });
  for (const [, detail] of details) {
    if (detail?.templateElements.some((e) => e.plSiteTemplateElementId === elementId))
      return detail.siteTemplate.plSiteTemplateId;
  }
  return null;
}

/**
 * A site template call as a mutation. After a change the list and the changed templates' details
 * (exact keys, from `touched`) are fetched again, and the shell shows what is published now.
 */
export function useTemplateMutation<I, O>(
  call: (input: I) => Promise<O>,
  touched: (input: I, output: O | undefined, queryClient: QueryClient) => readonly (number | null)[],
) {
  const queryClient = useQueryClient();
  const companyId = useAppStore(brandingCompanyId);
  return useMutation({
    mutationFn: call,
    // The templates touched as known before the change (a removed element leaves the cache after).
    onMutate: (input: I) => touched(input, undefined, queryClient),
    onSuccess: async (output, input, before) => {
      const ids = new Set([...(before ?? []), ...touched(input, output, queryClient)]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.list(), exact: true }),
        ...[...ids]
          .filter((id): id is number => id !== null)
          .map((id) => queryClient.invalidateQueries({ queryKey: templateKeys.detail(id), exact: true })),
      ]);
      await loadBranding(companyId);
    },
  });
}
