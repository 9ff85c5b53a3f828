import { toNestErrors } from '@hookform/resolvers';
import { issueKey, issueParams, type MessageParams } from '@trustleaf/domain/validation-issues';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a shared domain schema whose rules refuse with keyed messages
 * (`refuseWith` in `@trustleaf/domain/schemas/common`): a field's error is the rule's locale key, so
 * the form shows it in the user's language by its key, never by matching its English text. An issue
 * without a key (a type error) keeps its text. The first issue of a field is shown, as zodResolver does.
 */
export function keyedZodResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!errors[path]) errors[path] = keyedFieldError(issue);
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A field error that names values (a limit): `FormField` puts them in the key's text. */
export interface KeyedFieldError extends FieldError {
  params?: MessageParams;
}

/** A schema issue as a field's error: its rule's key (and the values its text names), else its text. */
export function keyedFieldError(issue: z.core.$ZodIssue): KeyedFieldError {
  const given = issue.code === 'custom' ? issue.params : undefined;
  if (!given?.key) return { type: issue.code, message: issue.message };
  const params = issueParams(given);
  return { type: issue.code, message: issueKey(issue.code, given), ...(params ? { params } : {}) };
}
