import {
  MyProfileSchema,
  RequestResetPasswordInputSchema,
  ResetPasswordInputSchema,
} from '@trustleaf/domain/schemas/auth';
import { detailOf, OkSchema } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimsOf } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<{ service: UsersService; auth: AuthService }> = async (
  app,
  { service, auth },
) => {
  app.post(
    '/getMyProfile',
    {
      // The profile query checks the sign-in itself, so this route verifies only the token's signature.
      onRequest: app.verifyAccessToken,
      schema: { tags: ['user'], response: { 200: detailOf(MyProfileSchema) } },
    },
    async (request) => ({ detail: await service.getMyProfile(claimsOf(request)) }),
  );

  app.post(
    '/requestResetPassword',
    { schema: { tags: ['user'], body: RequestResetPasswordInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await auth.requestResetPassword(request.body.email);
      return { detail: { ok: true as const } };
    },
  );

  app.post(
    '/resetPassword',
    { schema: { tags: ['user'], body: ResetPasswordInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await auth.resetPassword(request.body);
      return { detail: { ok: true as const } };
    },
  );
};
