import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { attemptCounters } from '../db/schema.ts';

export interface AttemptLimit {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
  /**
   * Growing delay: when an attempt takes the last slot, the key is closed for `baseMs` × 2^(times it
   * was closed before), at most `maxMs`, instead of until the window ends. Forgetting the key resets it.
   * Needs `limit` ≥ 2 (the first attempt only opens the window).
   */
  delay?: { baseMs: number; maxMs: number };
}

/**
 * Attempt counters in PostgreSQL. `take` claims a slot with one conditional upsert before the work
 * it guards (a password check, a code comparison, a hash), so N concurrent requests take N slots and
 * at most `limit` of them get through, across processes.
 */
export function createAttemptLimiter(db: DbExecutor) {
  return {
    /** True when a slot was taken; false when the key is at its limit until its window or delay ends. */
    async take(key: string, rule: AttemptLimit, now: Date): Promise<boolean> {
      const windowEnd = new Date(now.getTime() + rule.windowMs);
      const expired = sql`c.reset_at <= ${now}`;
      const hits = sql`(CASE WHEN ${expired} THEN 1 ELSE c.hits + 1 END)`;
      const closes = rule.delay ? sql`${hits} >= ${rule.limit}` : sql`false`;
      const delayMs = rule.delay
        ? sql`least(${rule.delay.baseMs}::float8 * power(2, least(c.strikes, 30)), ${rule.delay.maxMs}::float8)`
        : sql`0`;
      const { rows } = await db.execute<{ hits: number }>(sql`
        INSERT INTO attempt_counters AS c (key, hits, reset_at, strikes)
        VALUES (${key}, 1, ${windowEnd}, 0)
        ON CONFLICT (key) DO UPDATE SET
          hits = ${hits},
          reset_at = CASE
            WHEN ${closes} THEN ${now}::timestamptz + make_interval(secs => ${delayMs} / 1000)
            WHEN ${expired} THEN ${windowEnd}::timestamptz
            ELSE c.reset_at END,
          strikes = CASE WHEN ${closes} THEN c.strikes + 1 ELSE c.strikes END
        WHERE ${expired} OR c.hits < ${rule.limit}
        RETURNING c.hits`);
      return rows.length > 0;
    },

    /** When a key refused by `take` lets attempts through again (its window's or its delay's end). */
    async reopensAt(key: string): Promise<Date | null> {
      const [row] = await db
        .select({ resetAt: attemptCounters.resetAt })
        .from(attemptCounters)
        .where(eq(attemptCounters.key, key));
      return row?.resetAt ?? null;
    },

    /** Gives back a slot taken for an attempt that turned out legitimate (a right password). */
    async giveBack(key: string, now: Date): Promise<void> {
      await db
        .update(attemptCounters)
        .set({ hits: sql`greatest(${attemptCounters.hits} - 1, 0)` })
        .where(and(eq(attemptCounters.key, key), gt(attemptCounters.resetAt, now)));
    },

    /** Forgets the key, its growing delay included. */
    async forget(key: string): Promise<void> {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    },

    /**
     * Forgets keys whose window or delay ended before `before`: a counter that has been quiet that long
     * counts nothing any more, and its growing delay starts again from the base. Returns how many.
     */
    async forgetQuiet(before: Date): Promise<number> {
      const removed = await db
        .delete(attemptCounters)
        .where(lt(attemptCounters.resetAt, before))
        .returning({ key: attemptCounters.key });
      return removed.length;
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
