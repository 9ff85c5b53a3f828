import { MailMessageSchema } from '@trustleaf/domain/schemas/mail';
import { detailOf } from '@trustleaf/domain/schemas/common';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The dev mailbox: registered only when no SMTP server is configured and not in production. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: detailOf(z.array(MailMessageSchema)) },
      },
    },
    async (request) => {
      const { to, limit } = request.query;
      // The newest `limit` messages, returned oldest first (newest last).
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      rows.sort((a, b) => a.id - b.id);
      return {
        detail: rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
