import {
  acceptEula,
  changePassword,
  confirmEmailChange,
  getUserDetail,
  requestEmailChange,
  signOutOtherDevices,
  updateUserProfile,
} from '@trustleaf/domain/api/profile';
import { PROFILE_REFUSALS } from '@trustleaf/domain/schemas/profile';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { refusal } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import type { ProfileService } from './profile.service.ts';

/** Registered under `/api/user` (spec 3 §7 "Auth, user and account wrappers"). */
export const profileRoutes: FastifyPluginAsync<{ service: ProfileService }> = async (app, { service }) => {
  route(app, getUserDetail, ({ auth, input }) => service.getUserDetail(auth, input.userId));
  route(app, updateUserProfile, ({ auth, input }) => service.updateUserProfile(auth, input));
  route(app, requestEmailChange, ({ auth, input }) => service.requestEmailChange(auth, input));
  route(app, confirmEmailChange, ({ auth, input }) => service.confirmEmailChange(auth, input.code));
  route(app, changePassword, ({ auth, input }) => service.changePassword(auth, input));
  route(app, signOutOtherDevices, ({ auth }) => service.signOutOtherDevices(auth));
  route(app, acceptEula, ({ input }) => service.acceptEula(input.userId), {
    preValidation: onlyOneselfUnlessSuperAdmin,
  });
};

/**
 * Before the input is read: a user may name only themselves (their own id);
 * anything else, well-formed or not, is someone else's and 403, whatever else the body holds.
 */
async function onlyOneselfUnlessSuperAdmin(request: FastifyRequest) {
  const { auth } = request;
  if (!auth || auth.isSuperAdmin) return;
  const raw = (request.body as { userId?: unknown } | null | undefined)?.userId;
  if (raw !== auth.userId) throw refusal('FORBIDDEN', PROFILE_REFUSALS.eulaForOtherUser);
}
