import {
  addBusinessType,
  addCategory,
  addSegment,
  businessTypeListing,
  categoryListing,
  deleteBusinessType,
  deleteCategory,
  deleteSegment,
  generalInfo,
  segmentListing,
  updateBusinessType,
  updateCategory,
  updateSegment,
} from '@trustleaf/domain/api/reference';
import type { FastifyPluginAsync } from 'fastify';
import { SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { ReferenceService } from './reference.service.ts';

export const referenceRoutes: FastifyPluginAsync<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  route(app, generalInfo, ({ input }) => service.generalInfo(input.requestFields));
  route(app, categoryListing, ({ auth }) => service.categoryListing(auth), { gate: SUPER_ADMIN_GATE });
  route(app, addCategory, ({ auth, input }) => service.addCategory(auth, input), { gate: SUPER_ADMIN_GATE });
  route(app, updateCategory, ({ auth, input }) => service.updateCategory(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, deleteCategory, ({ auth, input }) => service.deleteCategory(auth, input.plCategoryId), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, businessTypeListing, () => service.businessTypeListing());
  route(app, addBusinessType, ({ auth, input }) => service.addBusinessType(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, updateBusinessType, ({ auth, input }) => service.updateBusinessType(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(
    app,
    deleteBusinessType,
    ({ auth, input }) => service.deleteBusinessType(auth, input.plBusinessTypeId),
    { gate: SUPER_ADMIN_GATE },
  );
  route(app, segmentListing, () => service.segmentListing());
  route(app, addSegment, ({ auth, input }) => service.addSegment(auth, input), { gate: SUPER_ADMIN_GATE });
  route(app, updateSegment, ({ auth, input }) => service.updateSegment(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, deleteSegment, ({ auth, input }) => service.deleteSegment(auth, input.plSegmentId), {
    gate: SUPER_ADMIN_GATE,
  });
};
