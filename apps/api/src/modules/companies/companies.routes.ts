import { detailOf } from '@trustleaf/domain/schemas/common';
import { CompanyDetailSchema, CompanyIdInputSchema } from '@trustleaf/domain/schemas/company';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documented, errorResponses } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CompaniesService } from './companies.service.ts';

export const companyRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/getCompanyDetail',
    {
      schema: {
        ...documented({
          tag: 'company',
          summary: 'A company’s details',
          description:
            'Name, business type, address, contacts, website, logo, status and counts of a company the caller belongs to (any company for a super admin); other companies are NOT_FOUND.',
          access: 'user',
        }),
        body: CompanyIdInputSchema,
        response: { 200: detailOf(CompanyDetailSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.getCompanyDetail(callerOf(request), request.body.plCompanyId),
    }),
  );
};
