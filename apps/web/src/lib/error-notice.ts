import type { TFunction } from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';

/**
 * What a failed call says to the reader, in their language: a refusal by its first issue's message key
 * when this app has that key, else the API's message; an unexpected failure (INTERNAL), or anything
 * other than an API answer, by the generic text.
 */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? refusalText(t, error) : t('errors.generic');
}

/** Shows a failed call as an error notice (screens behind sign-in, where notistack is loaded). */
export function useErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => enqueueSnackbar(errorText(t, error), { variant: 'error' });
}
