import { validationIssues, type MessageParams } from '@trustleaf/domain/validation-issues';

/*
 * The shared zod schemas and the server speak English and name each message by its key, and the web
 * shows a message by its key in the user's language. A text without a key is shown as it came: none
 * is looked up by its English words.
 */

/** A locale key such as `documents.messages.stateRequired`: dotted words, no spaces. */
const MESSAGE_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

export function translateMessage(
  t: (key: string) => string,
  message: string | undefined,
  params?: MessageParams,
): string {
  if (!message) return t('errors.unknown');
  // Form schemas and server issues (by their key) carry locale keys as their messages.
  if (MESSAGE_KEY.test(message)) {
    // i18next's `t` takes the values a key's text names as its second argument, and answers a key it
    // does not have (its part not loaded here) with the key itself.
    const text = params ? (t as (key: string, values: MessageParams) => string)(message, params) : t(message);
    if (text !== message) return text;
  }
  return message;
}

/**
 * A refused call's text in the reader's language: by its first issue's key (every refusal of the API
 * carries one) when this app has that key, else by its message; an unexpected failure (INTERNAL) by
 * the generic text. For pages without notistack (the sign-in page); the screens behind sign-in use
 * `errorText` of lib/error-notice.
 */
export function refusalText(
  t: (key: string) => string,
  refused: { code?: string; message: string; details?: unknown },
): string {
  if (refused.code === 'INTERNAL') return t('errors.generic');
  const issue = validationIssues(refused.details)[0];
  if (issue) {
    // i18next answers a key it does not have with the key itself.
    const text = (t as (key: string, values: MessageParams) => string)(issue.key, issue.params ?? {});
    if (text !== issue.key) return text;
  }
  return translateMessage(t, refused.message);
}
