import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';

// Load balancers poll health often; one database round trip a second answers them all.
const DB_CHECK_TTL_MS = 1000;
const healthySchema = detailOf(z.object({ status: z.literal('ok'), database: z.literal('up') }));
type Healthy = z.infer<typeof healthySchema>;
const JSON_TYPE = 'application/json; charset=utf-8';
const HEALTHY = JSON.stringify({ detail: { status: 'ok', database: 'up' } } satisfies Healthy);

// Serialised once: the answer never changes while the database is up.
function sendHealthy(reply: FastifyReply): void {
  void reply.header('content-type', JSON_TYPE).send(HEALTHY);
}

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  let checkedAt = 0;
  // One check at a time: requests that arrive while it runs wait for it rather than queueing
  // checks of their own on the pool (under load, thousands arrive in one round trip).
  let checking: Promise<void> | null = null;
  const check = () =>
    (checking ??= pool
      .query('SELECT 1')
      .then(() => {
        checkedAt = Date.now();
      })
      .finally(() => {
        checking = null;
      }));
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: healthySchema },
      },
    },
    (_request, reply) => {
      // Synchronous while the last check is fresh: no promise or closure for the common case.
      if (Date.now() - checkedAt <= DB_CHECK_TTL_MS) return sendHealthy(reply);
      return check().then(
        () => sendHealthy(reply),
        () => {
          throw new AppError('INTERNAL', 'Database unreachable');
        },
      );
    },
  );
};
