/**
 * One refused field of a `VALIDATION_FAILED` answer; `details` is always `{ issues: [...] }`
 * (STYLE §5). `field` is the input path joined with dots (`''` for the input as a whole), `message`
 * the English text, and `key` names the message, for a client to show it in its own language.
 * Free of zod, so that pages with a first-load budget can read a failure's issues.
 */
export interface ValidationIssue {
  field: string;
  message: string;
  key: string;
  /** Values the key's text names (`{{max}}`, `{{name}}`), when it names any. */
  params?: MessageParams;
}

/** Values a message names, for a client to put in its own language's text. */
export type MessageParams = Record<string, string | number>;

/** A message and the key it is translated by: the form a domain rule declares its messages in. */
export interface KeyedMessage {
  key: string;
  message: string;
  params?: MessageParams;
}

/** A rule's message refusing one field. */
export function fieldIssue(field: string, { key, message, params }: KeyedMessage): ValidationIssue {
  return params ? { field, message, key, params } : { field, message, key };
}

/** The key of a schema issue: the rule's own (`params: { key }` on a custom issue), else its zod code's. */
export function issueKey(code: string, params?: unknown): string {
  const key = (params as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' ? key : `validation.${code}`;
}

/** The values a schema issue's text names (`params: { values }` on a custom issue), if any. */
export function issueParams(params?: unknown): MessageParams | undefined {
  const values = (params as { values?: unknown } | null | undefined)?.values;
  return typeof values === 'object' && values !== null ? (values as MessageParams) : undefined;
}

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.field === 'string' && typeof record.message === 'string' && typeof record.key === 'string'
  );
}

/** The issues of a failure's `details`; none for any other shape. */
export function validationIssues(details: unknown): ValidationIssue[] {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues;
  return Array.isArray(issues) ? issues.filter(isIssue) : [];
}

/** A table of messages as keyed messages, each keyed `<prefix>.<its name>` (the web's locale keys). */
export function keyedMessages<T extends Record<string, string>>(
  prefix: string,
  messages: T,
): { [K in keyof T]: KeyedMessage } {
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => [name, { key: `${prefix}.${name}`, message }]),
  ) as { [K in keyof T]: KeyedMessage };
}
