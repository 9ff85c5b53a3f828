import cookie from '@fastify/cookie';
import * as contracts from '@trustleaf/domain/api/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';

export const REFRESH_COOKIE = 'tl_refresh';

/** Sign-in and sessions: contracts in domain/api/auth. */
export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  refreshTtlSeconds: number;
  secureCookies: boolean;
}> = async (app, { service, refreshTtlSeconds, secureCookies }) => {
  // Only these routes read or set the refresh cookie, so only they parse cookies.
  await app.register(cookie);
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api/auth',
      maxAge: refreshTtlSeconds,
    });

  route(app, contracts.login, async ({ input, request, reply }) => {
    // A client that closed its connection while its check waited in the queue is not checked.
    const session = await service.login(input, request.ip, () => request.raw.socket.destroyed);
    setRefreshCookie(reply, session.refreshToken);
    return session;
  });

  route(app, contracts.refreshAccessToken, async ({ input, request, reply }) => {
    const session = await service.refresh(input?.refreshToken ?? request.cookies[REFRESH_COOKIE]);
    setRefreshCookie(reply, session.refreshToken);
    return session;
  });

  route(app, contracts.logout, async ({ auth, reply }) => {
    await service.logout(auth);
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    return { ok: true as const };
  });

  route(app, contracts.session, async ({ auth, input }) =>
    input.updateAccessToken === 'true'
      ? { email: auth.email, ...(await service.accessTokenFor(auth)) }
      : { email: auth.email },
  );
};
