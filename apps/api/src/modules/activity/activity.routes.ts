import { userActivity } from '@trustleaf/domain/api/profile';
import type { FastifyPluginAsync } from 'fastify';
import type { CallerGate } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { ActivityService } from './activity.service.ts';

/** A company's whole log is its owner's (any member may read their own entries in it). */
const COMPANY_LOG_GATE: CallerGate = {
  companyRoles: (raw) => (raw.scope === 'company' ? ['Company Owner'] : undefined),
};

/** Registered under `/api/user` (spec 3 §7 `/api/user/activity`). */
export const activityRoutes: FastifyPluginAsync<{ service: ActivityService }> = async (app, { service }) => {
  route(app, userActivity, ({ auth, input }) => service.listing(auth, input), { gate: COMPANY_LOG_GATE });
};
