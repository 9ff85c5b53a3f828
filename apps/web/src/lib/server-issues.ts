import { validationIssues } from '@trustleaf/domain/validation-issues';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import type { KeyedFieldError } from '@/lib/keyed-zod-resolver';

type IssueTarget<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'getValues'>;

/**
 * The form field an input path lands on: the longest start of the path that is a value of the form
 * (`value.amount` when the form holds `value: { amount }`; `value` for the line `value.3` of a text
 * field holding a list), or none.
 */
export function formPathOf(values: unknown, path: readonly (string | number)[]): string | undefined {
  let current = values;
  let found: string | undefined;
  const walked: string[] = [];
  for (const segment of path) {
    if (typeof current !== 'object' || current === null || !(String(segment) in current)) break;
    current = (current as Record<string, unknown>)[String(segment)];
    walked.push(String(segment));
    found = walked.join('.');
  }
  return found;
}

/**
 * Puts a refused save's issues (`details.issues` of a 400 `VALIDATION_FAILED`) on the form's fields,
 * the first one focused. An issue is shown by its message key when this app has that key, else by its
 * text; `fields` renames an input field to the form's own where the two differ (by its first part, or
 * by a function of the whole path, for rows named by their index); otherwise an issue lands on the
 * deepest field of the form its path names. Answers false when no issue names a field of the form,
 * for the caller to show the failure as a whole.
 */
export function applyServerIssues<T extends FieldValues>(
  form: IssueTarget<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>> | ((field: string) => string | null | undefined) = {},
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const values = form.getValues();
  const fieldOf = (issueField: string): Path<T> | undefined => {
    if (typeof fields === 'function') return (fields(issueField) ?? undefined) as Path<T> | undefined;
    const path = issueField.split('.');
    return fields[path[0]!] ?? (formPathOf(values, path) as Path<T> | undefined);
  };
  let placed = false;
  for (const issue of validationIssues(error.details)) {
    const field = fieldOf(issue.field);
    if (!field) continue;
    const known = i18n.exists(issue.key);
    const error: KeyedFieldError = {
      type: 'server',
      message: known ? issue.key : issue.message,
      ...(known && issue.params ? { params: issue.params } : {}),
    };
    form.setError(field, error, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
