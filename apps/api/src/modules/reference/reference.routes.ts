import { generalInfo } from '@trustleaf/domain/api/reference';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { ReferenceService } from './reference.service.ts';

export const referenceRoutes: FastifyPluginAsync<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  route(app, generalInfo, ({ input }) => service.generalInfo(input.requestFields));
};
