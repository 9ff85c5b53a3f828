import type { z } from 'zod';
import { issueKey, type KeyedMessage } from '../validation-issues.ts';

/**
 * A form schema's refusal of one field: the issue's message is the rule's key, which the form shows
 * in the user's language (the English text is the API's).
 */
export function refuseField(ctx: z.RefinementCtx, path: (string | number)[], { key }: KeyedMessage): void {
  ctx.addIssue({ code: 'custom', path, message: key, params: { key } });
}

/**
 * The API input schema's refusals put on a form's fields: `fieldOf` names the form field of an input
 * path (dots between its parts), null when none shows it. An issue is carried by its rule's key when
 * the rule gave one, else by its text.
 */
export function refuseInputIssues(
  ctx: z.RefinementCtx,
  error: z.ZodError,
  fieldOf: (inputPath: string) => string | null,
): void {
  for (const issue of error.issues) {
    const field = fieldOf(issue.path.join('.'));
    if (field === null) continue;
    const given = (issue as { params?: unknown }).params;
    const key = issueKey(issue.code, given);
    const path = field.split('.');
    // A rule's key is the field's message; an issue without one keeps its text (and names no key).
    if (key === issueKey(issue.code)) ctx.addIssue({ code: 'custom', path, message: issue.message });
    else ctx.addIssue({ code: 'custom', path, message: key, params: { key } });
  }
}
