import { getSystemSettings, getSystemStatus, updateSystemSetting } from '@trustleaf/domain/api/system';
import type { FastifyPluginAsync } from 'fastify';
import { SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { SystemService } from './system.service.ts';

export const systemRoutes: FastifyPluginAsync<{ service: SystemService }> = async (app, { service }) => {
  route(app, getSystemSettings, ({ auth }) => service.settings(auth), { gate: SUPER_ADMIN_GATE });
  route(app, updateSystemSetting, ({ auth, input }) => service.update(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, getSystemStatus, () => service.status());
};
