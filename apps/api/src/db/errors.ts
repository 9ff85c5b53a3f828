/** Postgres' error code of a failed query (drizzle wraps the driver's error in `cause`), if any. */
export function pgErrorCode(error: unknown): string | undefined {
  const { cause, code } = error as { cause?: { code?: unknown }; code?: unknown };
  const found = cause?.code ?? code;
  return typeof found === 'string' ? found : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether a failed query broke a unique constraint (the one named, when given), looking through the
 * error's causes.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === 'object';) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === UNIQUE_VIOLATION)
      return constraint === undefined || candidate.constraint === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
