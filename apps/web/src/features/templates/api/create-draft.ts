import { createDraft as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const createDraft = (plSiteTemplateId: number) => api.call(contract, { plSiteTemplateId });

export const useCreateDraft = () =>
  useTemplateMutation(createDraft, (id, draft) => [id, draft?.plSiteTemplateId ?? null]);
