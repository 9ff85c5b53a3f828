import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
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
      try {
        await pool.query('SELECT 1');
      } catch {
        throw new AppError('INTERNAL', 'Database unreachable');
      }
      return { detail: { status: 'ok' as const, database: 'up' as const } };
    },
  );
};
