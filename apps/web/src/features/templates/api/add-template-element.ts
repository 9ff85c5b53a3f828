import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { addTemplateElement as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const addTemplateElement = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useAddTemplateElement = () =>
  useTemplateMutation(addTemplateElement, (input) => [input.plSiteTemplateId]);
