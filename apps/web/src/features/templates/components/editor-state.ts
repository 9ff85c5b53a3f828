import type { TemplateElement } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import type { useTemplateMutations } from '../api/use-template-mutations';

export type Mutations = ReturnType<typeof useTemplateMutations>;

/** What the editor holds for one element before it is saved. */
export interface Edit {
  enabled: boolean;
  useTextOverride: boolean;
  textOverride: string;
  imageUploadKey: string | null;
  imageUrl: string | null;
}

export const DEFAULT_EDIT: Edit = {
  enabled: true,
  useTextOverride: false,
  textOverride: '',
  imageUploadKey: null,
  imageUrl: null,
};

export function editOf(element: TemplateElement | undefined): Edit {
  if (!element) return DEFAULT_EDIT;
  return {
    enabled: element.enabled,
    useTextOverride: element.useTextOverride,
    textOverride: element.textOverride ?? '',
    imageUploadKey: null,
    imageUrl: element.imageResource?.url ?? null,
  };
}

/** Reports a failed call with its message, translated. */
export function useFailure() {
  const { t } = useTranslation();
  return (error: unknown) =>
    enqueueSnackbar(translateMessage(t, error instanceof Error ? error.message : undefined), {
      variant: 'error',
    });
}
