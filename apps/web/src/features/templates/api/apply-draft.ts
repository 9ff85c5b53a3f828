import { applyDraft as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const applyDraft = (plSiteTemplateId: number) => api.call(contract, { plSiteTemplateId });

export const useApplyDraft = () =>
  useTemplateMutation(applyDraft, (id, applied) => [id, applied?.plSiteTemplateId ?? null]);
