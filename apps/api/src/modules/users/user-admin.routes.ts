import {
  endUserSessions,
  resendVerification,
  setUserDisabled,
  userListing,
} from '@trustleaf/domain/api/admin';
import type { FastifyPluginAsync } from 'fastify';
import { SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { UserAdminService } from './user-admin.service.ts';

/** Registered under `/api/user`: the super admin's users screen. */
export const userAdminRoutes: FastifyPluginAsync<{ service: UserAdminService }> = async (
  app,
  { service },
) => {
  route(app, userListing, ({ auth, input }) => service.userListing(auth, input), { gate: SUPER_ADMIN_GATE });
  route(app, setUserDisabled, ({ auth, input }) => service.setUserDisabled(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, endUserSessions, ({ auth, input }) => service.endUserSessions(auth, input.plUserId), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, resendVerification, ({ auth, input }) => service.resendVerification(auth, input.plUserId), {
    gate: SUPER_ADMIN_GATE,
  });
};
