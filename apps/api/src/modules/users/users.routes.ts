import { updateLanguage } from '@trustleaf/domain/api/users';
import {
  MyProfileSchema,
  RequestResetPasswordInputSchema,
  ResetPasswordInputSchema,
} from '@trustleaf/domain/schemas/auth';
import { detailOf, OkSchema } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
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

  route(app, updateLanguage, ({ auth, input }) => service.updateLanguage(auth, input.language));

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
