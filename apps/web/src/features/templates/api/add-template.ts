import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { addTemplate as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const addTemplate = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useAddTemplate = () =>
  useTemplateMutation(addTemplate, (_input, output) => [output?.plSiteTemplateId ?? null]);
