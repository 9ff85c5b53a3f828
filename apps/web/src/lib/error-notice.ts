import type { TFunction } from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n-messages';

/** What a failed call says to the reader: the API's message in their language, else the generic one. */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? translateMessage(t, error.message) : t('errors.generic');
}

/** Shows a failed call as an error notice (screens behind sign-in, where notistack is loaded). */
export function useErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => enqueueSnackbar(errorText(t, error), { variant: 'error' });
}
