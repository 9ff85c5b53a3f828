import { validationIssues } from '@trustleaf/domain/validation-issues';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

type IssueTarget<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'getValues'>;

/**
 * Puts a refused save's issues (`details.issues` of a 400 `VALIDATION_FAILED`) on the form's fields,
 * the first one focused. An issue is shown by its message key when this app has that key, else by its
 * text; `fields` renames an input field to the form's own where the two differ (by its first part, or
 * by a function of the whole path, for rows named by their index). Answers false when no
 * issue names a field of the form, for the caller to show the failure as a whole.
 */
export function applyServerIssues<T extends FieldValues>(
  form: IssueTarget<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>> | ((field: string) => string | null | undefined) = {},
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const known = new Set(Object.keys(form.getValues()));
  const fieldOf = (issueField: string): Path<T> | undefined => {
    if (typeof fields === 'function') return (fields(issueField) ?? undefined) as Path<T> | undefined;
    const top = issueField.split('.')[0]!;
    return fields[top] ?? (known.has(top) ? (top as Path<T>) : undefined);
  };
  let placed = false;
  for (const issue of validationIssues(error.details)) {
    const field = fieldOf(issue.field);
    if (!field) continue;
    const message = i18n.exists(issue.key) ? issue.key : issue.message;
    form.setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
