import { detailOf, IntSchema, TextSchema } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const ClockSchema = z.object({ now: TextSchema, offsetMs: z.number() });
const DAY_MS = 864e5;

/**
 * Test control, registered only with TEST_CLOCK=true outside production: a super admin moves the
 * server's clock (days at most a year either way) so journeys see documents expire. Access tokens are
 * checked against the real time, so sessions are unaffected.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: OffsetClock }> = async (app, { clock }) => {
  const superAdminOnly = async (request: Parameters<typeof callerOf>[0]) => {
    if (!callerOf(request).isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.testClockSuperAdminOnly);
  };
  const answer = () => ({ detail: { now: clock.now().toISOString(), offsetMs: clock.offsetMs() } });
  app.get(
    '/clock',
    {
      onRequest: app.authenticate,
      preValidation: superAdminOnly,
      schema: { tags: ['dev'], response: { 200: detailOf(ClockSchema) } },
    },
    async () => answer(),
  );
  app.post(
    '/clock',
    {
      onRequest: app.authenticate,
      preValidation: superAdminOnly,
      schema: {
        tags: ['dev'],
        body: z.object({ offsetDays: IntSchema.min(-366).max(366) }),
        response: { 200: detailOf(ClockSchema) },
      },
    },
    async (request) => {
      clock.setOffset(request.body.offsetDays * DAY_MS);
      return answer();
    },
  );
};
