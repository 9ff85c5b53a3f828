import { devMailbox } from '@trustleaf/domain/api/dev';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { route } from '../../lib/route.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** The dev mailbox (see the contract): registered only when no SMTP server is configured, outside production. */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    devMailbox,
    async ({ input: { to, limit } }) => {
      // The newest `limit` messages, returned oldest first (newest last).
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      rows.sort((a, b) => a.id - b.id);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    { gate: { superAdmin: COMMON_REFUSALS.mailboxSuperAdminOnly } },
  );
};
