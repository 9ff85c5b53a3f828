import { adminCompanyListing, changeBusinessType, updateCompanyStatus } from '@trustleaf/domain/api/admin';
import {
  getCompanyDetail,
  locationListing,
  updateCompanyDetail,
  upsertLocation,
} from '@trustleaf/domain/api/company';
import { EXPORT_TOTAL_HEADER, ExportCompanyListingInputSchema } from '@trustleaf/domain/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documented, errorResponses, route } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { companyExportStream, EXPORT_CONTENT_TYPES } from './companies.export.ts';
import type { CompaniesService } from './companies.service.ts';

export const companyRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  route(app, getCompanyDetail, ({ auth, input }) => service.getCompanyDetail(auth, input.plCompanyId));
  route(app, updateCompanyDetail, ({ auth, input }) => service.updateCompanyDetail(auth, input));
  route(app, upsertLocation, ({ auth, input }) => service.upsertLocation(auth, input));
  route(app, locationListing, ({ auth, input }) => service.locationListing(auth, input.plCompanyId));
  route(app, adminCompanyListing, ({ auth, input }) => service.companyListing(auth, input));
  route(app, updateCompanyStatus, ({ auth, input }) => service.updateCompanyStatus(auth, input));
  route(app, changeBusinessType, ({ auth, input }) => service.changeBusinessType(auth, input));

  // A file, not JSON: documented like a contract, streamed as it is written.
  app.post(
    '/exportCompanyListing',
    {
      schema: {
        ...documented({
          tag: 'company',
          summary: 'Export the searched companies as CSV or XLSX (super admin)',
          description:
            'Super admins download every company matching the listing filters (name, business type, state, status, plan), newest first, as CSV (UTF-8, formula-looking cells neutralised) or XLSX, streamed as it is written. The x-total-count header carries the number of rows, for progress. Anyone else is FORBIDDEN.',
          access: 'user',
        }),
        body: ExportCompanyListingInputSchema,
        response: errorResponses('user'),
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.body;
      const { total, batches } = await service.exportCompanies(callerOf(request), filter);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="companies.${format}"`)
        .header('cache-control', 'no-store')
        .header(EXPORT_TOTAL_HEADER, String(total))
        .send(companyExportStream(format, batches));
    },
  );
};
