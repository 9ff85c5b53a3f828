import {
  adminCompanyListing,
  changeBusinessType,
  exportCompanyListing,
  updateCompanyStatus,
} from '@trustleaf/domain/api/admin';
import {
  getCompanyDetail,
  locationListing,
  submitRtq,
  updateCompanyDetail,
  upsertLocation,
} from '@trustleaf/domain/api/company';
import { EXPORT_TOTAL_HEADER } from '@trustleaf/domain/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGER_GATE, SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import { companyExportStream, EXPORT_CONTENT_TYPES } from './companies.export.ts';
import type { CompaniesService } from './companies.service.ts';

export const companyRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  route(app, getCompanyDetail, ({ auth, input }) => service.getCompanyDetail(auth, input.plCompanyId));
  route(app, updateCompanyDetail, ({ auth, input }) => service.updateCompanyDetail(auth, input), {
    gate: MANAGER_GATE,
  });
  route(app, upsertLocation, ({ auth, input }) => service.upsertLocation(auth, input), {
    gate: MANAGER_GATE,
  });
  route(app, submitRtq, ({ auth, input }) => service.submitRtq(auth, input.plCompanyId), {
    gate: MANAGER_GATE,
  });
  route(app, locationListing, ({ auth, input }) => service.locationListing(auth, input.plCompanyId));
  route(app, adminCompanyListing, ({ auth, input }) => service.companyListing(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, updateCompanyStatus, ({ auth, input }) => service.updateCompanyStatus(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, changeBusinessType, ({ auth, input }) => service.changeBusinessType(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });

  // A file, not JSON: streamed as it is written.
  route(
    app,
    exportCompanyListing,
    async ({ auth, input, reply }) => {
      const { format, ...filter } = input;
      const { total, batches } = await service.exportCompanies(auth, filter);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="companies.${format}"`)
        .header('cache-control', 'no-store')
        .header(EXPORT_TOTAL_HEADER, String(total))
        .send(companyExportStream(format, batches));
    },
    { gate: SUPER_ADMIN_GATE },
  );
};
