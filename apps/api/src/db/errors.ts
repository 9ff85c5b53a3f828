/** Postgres' error code of a failed query (drizzle wraps the driver's error in `cause`), if any. */
export function pgErrorCode(error: unknown): string | undefined {
  const { cause, code } = error as { cause?: { code?: unknown }; code?: unknown };
  const found = cause?.code ?? code;
  return typeof found === 'string' ? found : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
