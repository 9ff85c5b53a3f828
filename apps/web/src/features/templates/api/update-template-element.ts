import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateTemplateElement as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { templateOfElement, useTemplateMutation } from './use-template-mutation';

export const updateTemplateElement = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateTemplateElement = () =>
  useTemplateMutation(updateTemplateElement, (input, output, queryClient) => [
    output?.plSiteTemplateId ?? templateOfElement(queryClient, input.plSiteTemplateElementId),
  ]);
