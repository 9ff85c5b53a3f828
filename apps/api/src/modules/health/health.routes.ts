import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';

// Load balancers poll health often; one database round trip a second answers them all.
const DB_CHECK_TTL_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  let checkedAt = 0;
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        response: { 200: detailOf(z.object({ status: z.literal('ok'), database: z.literal('up') })) },
      },
    },
    async () => {
      if (Date.now() - checkedAt > DB_CHECK_TTL_MS) {
        try {
          await pool.query('SELECT 1');
          checkedAt = Date.now();
        } catch {
          checkedAt = 0;
          throw new AppError('INTERNAL', 'Database unreachable');
        }
      }
      return { detail: { status: 'ok' as const, database: 'up' as const } };
    },
  );
};
