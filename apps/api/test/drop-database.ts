import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * Drops a test database, ending its sessions. `WITH (FORCE)` refuses (42501) when the database has
 * a session the role may not end; on PostgreSQL 15 that includes an autovacuum worker, which has no
 * role. A plain DROP ends autovacuum workers and waits for them, so that is tried next; either is
 * retried while another session is still leaving (55006).
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '42501' && code !== '55006') throw error;
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}"`);
          return;
        } catch (plain) {
          if ((plain as { code?: string }).code !== '55006' || attempt >= 20) throw plain;
        }
        await sleep(250);
      }
    }
  } finally {
    await client.end();
  }
}
