import { requestResetPassword, resetPassword } from '@trustleaf/domain/api/auth';
import { updateLanguage } from '@trustleaf/domain/api/users';
import { MyProfileSchema } from '@trustleaf/domain/schemas/auth';
import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documented, errorResponses, route } from '../../lib/route.ts';
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
      schema: {
        ...documented({
          tag: 'user',
          summary: 'The signed-in user with their current company',
          description:
            'The user (names, email, roles, the company they act for) and that company (name, business type, state, status, whether they own it). The app reads it after sign-in and on every start; a revoked sign-in is UNAUTHENTICATED.',
          access: 'user',
        }),
        response: { 200: detailOf(MyProfileSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({ detail: await service.getMyProfile(claimsOf(request)) }),
  );

  route(app, updateLanguage, ({ auth, input }) => service.updateLanguage(auth, input.language));

  route(app, requestResetPassword, async ({ input }) => {
    await auth.requestResetPassword(input.email);
    return { ok: true as const };
  });

  route(app, resetPassword, async ({ input }) => {
    await auth.resetPassword(input);
    return { ok: true as const };
  });
};
