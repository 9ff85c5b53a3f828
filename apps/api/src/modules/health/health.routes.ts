import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';

// Load balancers poll health often; one database round trip a second answers them all.
const DB_CHECK_TTL_MS = 1000;
const healthySchema = detailOf(z.object({ status: z.literal('ok'), database: z.literal('up') }));
type Healthy = z.infer<typeof healthySchema>;
const HEALTHY = JSON.stringify({ detail: { status: 'ok', database: 'up' } } satisfies Healthy);

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  let checkedAt = 0;
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: healthySchema },
      },
    },
    async (_request, reply) => {
      if (Date.now() - checkedAt > DB_CHECK_TTL_MS) {
        try {
          await pool.query('SELECT 1');
          checkedAt = Date.now();
        } catch {
          checkedAt = 0;
          throw new AppError('INTERNAL', 'Database unreachable');
        }
      }
      // Serialised once: the answer never changes while the database is up.
      return reply.type('application/json; charset=utf-8').send(HEALTHY as unknown as Healthy);
    },
  );
};
