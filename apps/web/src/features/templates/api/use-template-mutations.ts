import { useAddTemplate } from './add-template';
import { useAddTemplateElement } from './add-template-element';
import { useApplyDraft } from './apply-draft';
import { useCreateDraft } from './create-draft';
import { useDeleteTemplate } from './delete-template';
import { useDeleteTemplateElement } from './delete-template-element';
import { useUpdateTemplate } from './update-template';
import { useUpdateTemplateElement } from './update-template-element';

/** Every site template change the editor makes, one hook (and one file) per endpoint. */
export function useTemplateMutations() {
  return {
    add: useAddTemplate(),
    update: useUpdateTemplate(),
    remove: useDeleteTemplate(),
    createDraft: useCreateDraft(),
    applyDraft: useApplyDraft(),
    addElement: useAddTemplateElement(),
    updateElement: useUpdateTemplateElement(),
    removeElement: useDeleteTemplateElement(),
  };
}
