import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addTemplate,
  addTemplateElement,
  applyDraft,
  createDraft,
  deleteTemplate,
  deleteTemplateElement,
  getTemplate,
  listTemplates,
  updateTemplate,
  updateTemplateElement,
} from '@trustleaf/domain/api/site-template';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { loadBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';

export const templateKeys = {
  all: ['siteTemplates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
};

export function useSiteTemplates() {
  return useQuery({ queryKey: templateKeys.list(), queryFn: () => api.call(listTemplates, {}) });
}

export function useSiteTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: () => api.call(getTemplate, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** After a change the lists reload, and the shell shows what is published now. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const companyId = useAppStore((state) => state.account.currentCompany?.plCompanyId ?? null);
  return async () => {
    await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    await loadBranding(companyId);
  };
}

export function useTemplateMutations() {
  const onSuccess = useInvalidate();
  return {
    add: useMutation({
      mutationFn: (input: EndpointInput<typeof addTemplate>) => api.call(addTemplate, input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: EndpointInput<typeof updateTemplate>) => api.call(updateTemplate, input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(deleteTemplate, { id }),
      onSuccess,
    }),
    createDraft: useMutation({
      mutationFn: (plSiteTemplateId: number) => api.call(createDraft, { plSiteTemplateId }),
      onSuccess,
    }),
    applyDraft: useMutation({
      mutationFn: (plSiteTemplateId: number) => api.call(applyDraft, { plSiteTemplateId }),
      onSuccess,
    }),
    addElement: useMutation({
      mutationFn: (input: EndpointInput<typeof addTemplateElement>) => api.call(addTemplateElement, input),
      onSuccess,
    }),
    updateElement: useMutation({
      mutationFn: (input: EndpointInput<typeof updateTemplateElement>) =>
        api.call(updateTemplateElement, input),
      onSuccess,
    }),
    removeElement: useMutation({
      mutationFn: (id: number) => api.call(deleteTemplateElement, { id }),
      onSuccess,
    }),
  };
}
