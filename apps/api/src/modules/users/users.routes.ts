import { getMyProfile, requestResetPassword, resetPassword } from '@trustleaf/domain/api/auth';
import { updateLanguage } from '@trustleaf/domain/api/users';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { claimsOf } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from './users.service.ts';

export const userRoutes: FastifyPluginAsync<{ service: UsersService; auth: AuthService }> = async (
  app,
  { service, auth },
) => {
  // The profile query checks the sign-in itself, so this route verifies only the token's signature.
  route(app, getMyProfile, ({ request }) => service.getMyProfile(claimsOf(request)), { session: 'token' });

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
