import type { ValidationIssue } from '@trustleaf/domain/validation-issues';

/** A JSON answer with the status given. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's 400 refusal of a form's input: `details.issues`, the first issue's message first. */
export const validationFailure = (...issues: ValidationIssue[]) =>
  jsonResponse(
    { messages: [issues[0]?.message ?? 'Invalid request'], code: 'VALIDATION_FAILED', details: { issues } },
    400,
  );
