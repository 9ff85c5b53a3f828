import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import { refusal } from '../../lib/errors.ts';
import { documented, errorResponses } from '../../lib/route.ts';

// Load balancers poll health often; one database round trip a second answers them all.
const DB_CHECK_TTL_MS = 1000;
const healthySchema = detailOf(z.object({ status: z.literal('ok'), database: z.literal('up') }));
const HEALTHY = { detail: { status: 'ok', database: 'up' } } as const;

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
        ...documented({
          tag: 'health',
          summary: 'Whether the app and its database answer',
          description:
            'For load balancers and monitors: 200 with the database up (checked at most once a second), else 500 INTERNAL "Database unreachable".',
          access: 'public',
        }),
        response: { 200: healthySchema, ...errorResponses('public', ['INTERNAL']) },
      },
    },
    async () => {
      if (Date.now() - checkedAt > DB_CHECK_TTL_MS) {
        await check().catch(() => {
          throw refusal('INTERNAL', COMMON_REFUSALS.databaseUnreachable);
        });
      }
      return HEALTHY;
    },
  );
};
