import type { Db, DbExecutor } from '../db/client.ts';

/**
 * Runs `work` in one database transaction: for a service whose write spans its own repository and
 * another module's (the mail outbox, the activity log), so both commit or neither does.
 */
export type InTransaction = <T>(work: (tx: DbExecutor) => Promise<T>) => Promise<T>;

export function createTransactionRunner(db: Db): InTransaction {
  return (work) => db.transaction((tx) => work(tx));
}
