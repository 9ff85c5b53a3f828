import { deleteTemplate as contract } from '@trustleaf/domain/api/site-template';
import { api } from '@/lib/api';
import { useTemplateMutation } from './use-template-mutation';

export const deleteTemplate = (id: number) => api.call(contract, { id });

export const useDeleteTemplate = () => useTemplateMutation(deleteTemplate, (id) => [id]);
