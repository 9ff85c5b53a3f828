import pg from 'pg';

/** The first key of the billing account's advisory lock; the second is the company id. */
const BILLING_ACCOUNT_LOCK = 15_003;

export const LOCK_BUSY = Symbol('LOCK_BUSY');

/**
 * At most one charge in flight per company, across every API and worker process (issue 15 item 3):
 * a PostgreSQL advisory lock on the company's billing account, held for the whole charge.
 *
 * The lock lives on a connection of its own, outside the pool. The work it guards runs on the pool;
 * a lock held by a pooled connection while that work waited for another pooled connection could
 * deadlock the pool once enough companies charged at the same time. A process that dies drops its
 * connection, and PostgreSQL releases the lock with it.
 */
export interface CompanyLocks {
  /** Runs `work` holding the lock, or answers LOCK_BUSY at once when another caller holds it. */
  tryWith<T>(companyId: number, work: () => Promise<T>): Promise<T | typeof LOCK_BUSY>;
  /** Runs `work` holding the lock, waiting up to `timeoutMs` for it (LOCK_BUSY after that). */
  waitWith<T>(companyId: number, timeoutMs: number, work: () => Promise<T>): Promise<T | typeof LOCK_BUSY>;
}

export function createCompanyLocks(databaseUrl: string): CompanyLocks {
  async function withLock<T>(
    companyId: number,
    acquire: (client: pg.Client) => Promise<boolean>,
    work: () => Promise<T>,
  ): Promise<T | typeof LOCK_BUSY> {
    const client = new pg.Client({ connectionString: databaseUrl });
    // A server restart while the work runs must not crash the process; the lock is gone with it.
    client.on('error', () => undefined);
    await client.connect();
    try {
      if (!(await acquire(client))) return LOCK_BUSY;
      return await work();
    } finally {
      // Closing the session releases its advisory locks.
      await client.end().catch(() => undefined);
    }
  }

  return {
    tryWith(companyId, work) {
      return withLock(
        companyId,
        async (client) => {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1::int, $2::int) as locked',
            [BILLING_ACCOUNT_LOCK, companyId],
          );
          return rows[0]!.locked;
        },
        work,
      );
    },

    waitWith(companyId, timeoutMs, work) {
      return withLock(
        companyId,
        async (client) => {
          await client.query(`set lock_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
          try {
            await client.query('select pg_advisory_lock($1::int, $2::int)', [
              BILLING_ACCOUNT_LOCK,
              companyId,
            ]);
            return true;
          } catch (error) {
            // 55P03 lock_not_available: the wait passed lock_timeout.
            if ((error as { code?: string }).code === '55P03') return false;
            throw error;
          }
        },
        work,
      );
    },
  };
}
