import type { ErrorCode } from '@trustleaf/domain/errors';
import { fieldIssue, type KeyedMessage, type ValidationIssue } from '@trustleaf/domain/validation-issues';

/** The one table from error code to HTTP status (STYLE §5). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  PLAN_LIMIT_REACHED: 402,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  INVALID_PROMO_CODE: 400,
  MAX_USAGE_PROMO_CODE: 400,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** A refusal of the input by a domain rule's issues; the first issue's message is the answer's message. */
export function validationFailed(issues: readonly ValidationIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', { issues });
}

/**
 * A refusal (409, a promo code's 400…) the web shows by its key: `details.issues` holds one issue of the
 * input as a whole, beside any other facts (`reason`…), the shape a `VALIDATION_FAILED` answer has.
 */
export function refusal(code: ErrorCode, keyed: KeyedMessage, facts?: Record<string, unknown>): AppError {
  return new AppError(code, keyed.message, { ...facts, issues: [fieldIssue('', keyed)] });
}
