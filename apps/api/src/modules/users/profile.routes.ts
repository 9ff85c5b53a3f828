import {
  changePassword,
  confirmEmailChange,
  getUserDetail,
  requestEmailChange,
  signOutOtherDevices,
  updateUserProfile,
} from '@trustleaf/domain/api/profile';
import type { FastifyPluginAsync } from 'fastify';
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
};
