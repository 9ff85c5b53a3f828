import { getSystemSettings, getSystemStatus, updateSystemSetting } from '@trustleaf/domain/api/system';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { SystemService } from './system.service.ts';

export const systemRoutes: FastifyPluginAsync<{ service: SystemService }> = async (app, { service }) => {
  route(app, getSystemSettings, ({ auth }) => service.settings(auth));
  route(app, updateSystemSetting, ({ auth, input }) => service.update(auth, input));
  route(app, getSystemStatus, () => service.status());
};
