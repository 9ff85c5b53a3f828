import { MailMessageSchema } from '@trustleaf/domain/schemas/mail';
import { QueryIntSchema, TextSchema, detailOf } from '@trustleaf/domain/schemas/common';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { documented, errorResponses } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';

/**
 * The dev mailbox: registered only when no SMTP server is configured and not in production, and read
 * only by a signed-in super admin. It holds every sign-up code and password-reset link, so anyone else
 * reading it could take over any account (issue 15).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/mailbox',
    {
      onRequest: app.authenticate,
      preHandler: async (request) => {
        if (!callerOf(request).isSuperAdmin)
          throw new AppError('FORBIDDEN', 'The development mailbox is for super admins');
      },
      schema: {
        ...documented({
          tag: 'dev',
          summary: 'The development mailbox (super admin)',
          description:
            'Mail the app would have sent, newest last, when no SMTP server is configured: sign-up codes, reset links, receipts. Optionally for one address. Super admins only (FORBIDDEN otherwise); mounted only outside production.',
          access: 'user',
        }),
        querystring: z.object({
          to: TextSchema.optional(),
          limit: QueryIntSchema.min(1).max(500).default(100),
        }),
        response: { 200: detailOf(z.array(MailMessageSchema)), ...errorResponses('user') },
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
