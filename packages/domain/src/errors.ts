import { z } from 'zod';

/** Codes a client may branch on; the nuance goes in `details.reason` (STYLE §5). */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'PLAN_LIMIT_REACHED',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'INVALID_PROMO_CODE',
  'MAX_USAGE_PROMO_CODE',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorBodySchema = z.object({
  messages: z.array(z.string()).min(1),
  code: ErrorCodeSchema,
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** First human message of a failure body, or the fallback (spec 3 §8 "Error helpers"). */
export function firstMessage(body: unknown, fallback: string): string {
  const parsed = ApiErrorBodySchema.safeParse(body);
  return parsed.success ? (parsed.data.messages[0] ?? fallback) : fallback;
}

/** One refused field of a `VALIDATION_FAILED` answer (see `validation-issues.ts`). */
export const ValidationIssueSchema = z.object({ field: z.string(), message: z.string(), key: z.string() });
