import type { TFunction } from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { ApiError } from '@/lib/api-client';
import { i18n, loadMessages } from '@/lib/i18n';
import { refusalText } from '@/lib/i18n-messages';

/**
 * What a failed call says to the reader, in their language: a refusal by its first issue's message key
 * when this app has that key, else the API's message; an unexpected failure (INTERNAL), or anything
 * other than an API answer, by the generic text.
 */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? refusalText(t, error) : t('errors.generic');
}

/**
 * `errorText` for a page that loads only some of the app's messages (the sign-up pages: the shell's and
 * their own): when the refusal's key is in none of them (a refusal of the signed-in app's, such as
 * `company.errors.typeSegment`), the app's messages are loaded and the text read again, so it is in
 * the reader's language rather than the API's English.
 */
export async function errorTextLoaded(t: TFunction, error: unknown): Promise<string> {
  const key = error instanceof ApiError ? validationIssues(error.details)[0]?.key : undefined;
  // In the reader's language itself: English, the fallback, may have it where the reader's does not.
  if (key && i18n.getResource(i18n.language, 'translation', key) === undefined)
    await loadMessages('app').catch(() => undefined);
  return errorText(t, error);
}

/** Shows a failed call as an error notice (screens behind sign-in, where notistack is loaded). */
export function useErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => enqueueSnackbar(errorText(t, error), { variant: 'error' });
}
