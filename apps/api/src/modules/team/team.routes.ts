import {
  cancelInvite,
  changeMemberRole,
  getTeamMembers,
  inviteMember,
  leaveCompany,
  removeMember,
  resendInvite,
  transferOwnership,
} from '@trustleaf/domain/api/team';
import type { FastifyPluginAsync } from 'fastify';
import { MANAGER_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { TeamService } from './team.service.ts';

const ok = { ok: true as const };

/** Registered under `/api`: the spec puts team calls in the company area and leaving in the user area. */
export const teamRoutes: FastifyPluginAsync<{ service: TeamService }> = async (app, { service }) => {
  route(app, getTeamMembers, ({ auth, input }) => service.getTeamMembers(auth, input.plCompanyId));
  route(
    app,
    inviteMember,
    async ({ auth, input }) => {
      await service.inviteMember(auth, input);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(
    app,
    resendInvite,
    async ({ auth, input }) => {
      await service.resendInvite(auth, input);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(
    app,
    cancelInvite,
    async ({ auth, input }) => {
      await service.cancelInvite(auth, input);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(
    app,
    changeMemberRole,
    async ({ auth, input }) => {
      await service.changeMemberRole(auth, input);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(
    app,
    removeMember,
    async ({ auth, input }) => {
      await service.removeMember(auth, input);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(
    app,
    transferOwnership,
    async ({ auth, input }) => {
      await service.transferOwnership(auth, input);
      return ok;
    },
    { gate: { companyRoles: ['Company Owner'] } },
  );
  route(app, leaveCompany, async ({ auth, input }) => {
    await service.leaveCompany(auth, input.plCompanyId);
    return ok;
  });
};
