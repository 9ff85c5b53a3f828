import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase } from './drop-database.ts';

/**
 * Every test file drops its database when it ends. On PostgreSQL 15, `DROP DATABASE … WITH (FORCE)`
 * by the CI role refused once because a session it may not end (an autovacuum worker) was on the
 * database; the drop now waits for such a session instead of failing the file.
 */
describe('dropping a test database', () => {
  it('waits for a session the role may not end, and then drops the database', async (context) => {
    const adminUrl = inject('adminUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ rolsuper: boolean }>(
      'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
    );
    // The session the role may not end is a superuser's; on the CI's own role there is none to open.
    if (!rows[0]?.rolsuper) {
      await admin.end();
      context.skip();
    }
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const role = `drop_probe_${suffix}`;
    const name = `d_${suffix}`;
    await admin.query(`CREATE ROLE ${role} LOGIN CREATEDB PASSWORD 'probe'`);
    try {
      await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
      const roleUrl = new URL(adminUrl);
      roleUrl.username = role;
      roleUrl.password = 'probe';
      const onDatabase = new URL(adminUrl);
      onDatabase.pathname = `/${name}`;
      const superuserSession = new pg.Client({ connectionString: onDatabase.toString() });
      await superuserSession.connect();
      const leaves = new Promise<void>((resolve) => setTimeout(resolve, 1_000)).then(() =>
        superuserSession.end(),
      );

      await dropDatabase(roleUrl.toString(), name);
      await leaves;

      const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(left.rowCount).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
