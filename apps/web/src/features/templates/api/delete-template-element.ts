import { deleteTemplateElement as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { templateOfElement, useTemplateMutation } from './use-template-mutation';

export const deleteTemplateElement = (id: number) => api.call(contract, { id });

export const useDeleteTemplateElement = () =>
  useTemplateMutation(deleteTemplateElement, (id, _output, queryClient) => [
    templateOfElement(queryClient, id),
  ]);
