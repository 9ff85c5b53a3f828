import { detailOf } from '@trustleaf/domain/schemas/common';
import { CompanyDetailSchema, CompanyIdInputSchema } from '@trustleaf/domain/schemas/company';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        tags: ['company'],
        body: CompanyIdInputSchema,
        response: { 200: detailOf(CompanyDetailSchema) },
      },
    },
    async (request) => ({
      detail: await service.getCompanyDetail(callerOf(request), request.body.plCompanyId),
    }),
  );
};
