import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateTemplate as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const updateTemplate = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateTemplate = () =>
  useTemplateMutation(updateTemplate, (input) => [input.plSiteTemplateId]);
