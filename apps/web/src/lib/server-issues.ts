import { validationIssues } from '@trustleaf/domain/validation-issues';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

type IssueTarget<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'getValues'>;

/**
 * Puts a refused save's issues (`details.issues` of a 400 `VALIDATION_FAILED`) on the form's fields,
 * the first one focused. An issue is shown by its message key when this app has that key, else by its
 * text; `fields` renames an input field to the form's own where the two differ, or is a function
 * naming the form field of an issue's whole path (null for none). Answers false when no issue names a
 * field of the form, for the caller to show the failure as a whole.
 */
export function applyServerIssues<T extends FieldValues>(
  form: IssueTarget<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>> | ((field: string) => string | null) = {},
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const issue of validationIssues(error.details)) {
    const top = issue.field.split('.')[0]!;
    const field =
      typeof fields === 'function'
        ? ((fields(issue.field) ?? undefined) as Path<T> | undefined)
        : (fields[top] ?? (known.has(top) ? (top as Path<T>) : undefined));
    if (!field) continue;
    const message = i18n.exists(issue.key) ? issue.key : issue.message;
    form.setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
