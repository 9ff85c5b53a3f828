import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

// Any number of processes may start at once; one advisory lock makes them migrate in turn.
const MIGRATION_LOCK = 727_001;

/**
 * Applies the migrations not yet applied, on the connection that holds the lock: a pool of one
 * connection (`DB_POOL_SIZE=1`) migrates as any other does, where asking the pool for a second
 * connection while holding its only one would wait for ever.
 */
export async function runMigrations(database: Database, migrationsFolder: string): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
