import { detailOf } from '@trustleaf/domain/schemas/common';
import { GeneralInfoInputSchema, GeneralInfoSchema } from '@trustleaf/domain/schemas/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReferenceService } from './reference.service.ts';

export const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (
  app,
  { service },
) => {
  // Public: the sign-up form needs business types, segments and states before anyone is signed in.
  app.post(
    '/generalInfo',
    {
      schema: {
        tags: ['general'],
        body: GeneralInfoInputSchema,
        response: { 200: detailOf(GeneralInfoSchema) },
      },
    },
    async (request) => ({ detail: await service.generalInfo(request.body.requestFields) }),
  );
};
