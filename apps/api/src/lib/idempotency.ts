import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { IDEMPOTENCY_REFUSALS } from '@trustleaf/domain/refusals';
import { AppError, refusal } from './errors.ts';

/** Stored Idempotency-Key records, one per scope and key. */
export function createIdempotencyRepository(db: DbExecutor) {
  return {
    /** Claims a key; returns the earlier record when the key was used before. */
    async claimIdempotencyKey(scope: string, key: string, requestHash: string) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash })
        .onConflictDoNothing()
        .returning();
      if (claimed) return { claimed: true as const };
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return { claimed: false as const, existing: existing! };
    },

    async completeIdempotencyKey(scope: string, key: string, status: number, body: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },

    async releaseIdempotencyKey(scope: string, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

/**
 * Runs a request once per Idempotency-Key (Stripe-style): a repeat with the same key and body gets
 * the first answer (a success or a 4xx), a repeat with another body or while the first is running
 * gets 409. Without a key the work just runs. A 5xx releases the key, so the request may be retried.
 */
export function createIdempotency(repo: IdempotencyRepository) {
  return async function withIdempotency<T>(
    scope: string,
    key: string | undefined,
    request: unknown,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!key) return run();
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const claim = await repo.claimIdempotencyKey(scope, key, hash);
    if (!claim.claimed) {
      const existing = claim.existing;
      if (existing.requestHash !== hash) {
        throw refusal('CONFLICT', IDEMPOTENCY_REFUSALS.idempotencyKeyReused);
      }
      if (existing.responseStatus === null) {
        throw refusal('CONFLICT', IDEMPOTENCY_REFUSALS.idempotencyInProgress);
      }
      const body = existing.responseBody as
        { ok: true; value: T } | { ok: false; code: AppError['code']; message: string; details?: unknown };
      if (body.ok) return body.value;
      // The first answer's details come back too: its refusal's key shows in the reader's language.
      throw new AppError(body.code, body.message, body.details);
    }
    try {
      const value = await run();
      await repo.completeIdempotencyKey(scope, key, 200, { ok: true, value });
      return value;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        await repo.completeIdempotencyKey(scope, key, error.status, {
          ok: false,
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        });
      } else {
        await repo.releaseIdempotencyKey(scope, key);
      }
      throw error;
    }
  };
}
export type WithIdempotency = ReturnType<typeof createIdempotency>;
