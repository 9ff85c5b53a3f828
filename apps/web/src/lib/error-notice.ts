import { validationIssues } from '@trustleaf/domain/validation-issues';
import type { TFunction } from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n-messages';

/**
 * What a failed call says to the reader, in their language: a refused input by its first issue's
 * message key when this app has that key, else the API's message (by its known text), else the
 * generic one.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  const issue = validationIssues(error.details)[0];
  if (issue) {
    // i18next answers a key it does not have with the key itself.
    const text = t(issue.key, issue.params ?? {});
    if (text !== issue.key) return text;
  }
  return translateMessage(t, error.message);
}

/** Shows a failed call as an error notice (screens behind sign-in, where notistack is loaded). */
export function useErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => enqueueSnackbar(errorText(t, error), { variant: 'error' });
}
