import { detailOf, OkSchema } from '@trustleaf/domain/schemas/common';
import {
  CompanyDetailSchema,
  CompanyIdInputSchema,
  RemoveMemberInputSchema,
} from '@trustleaf/domain/schemas/company';
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

  app.post(
    '/removeMember',
    { schema: { tags: ['company'], body: RemoveMemberInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await service.removeMember(callerOf(request), request.body);
      return { detail: { ok: true as const } };
    },
  );
};
