import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts a refused save's field messages (`details.issues` of a 400) on the form's fields; answers
 * false when the error names no field of the form, for the caller to show it as a whole.
 */
export function setServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const issues = (error.details as { issues?: { field?: unknown; message?: unknown }[] } | undefined)?.issues;
  let placed = false;
  for (const issue of Array.isArray(issues) ? issues : []) {
    const field = typeof issue.field === 'string' ? issue.field.split('.')[0]! : '';
    if (fields.includes(field) && typeof issue.message === 'string') {
      setError(field as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
