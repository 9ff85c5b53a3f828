import { userActivity } from '@trustleaf/domain/api/profile';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { ActivityService } from './activity.service.ts';

/** Registered under `/api/user` (spec 3 §7 `/api/user/activity`). */
export const activityRoutes: FastifyPluginAsync<{ service: ActivityService }> = async (app, { service }) => {
  route(app, userActivity, ({ auth, input }) => service.listing(auth, input));
};
