import cookie from '@fastify/cookie';
import { LoginInputSchema, RefreshInputSchema, SessionSchema } from '@trustleaf/domain/schemas/auth';
import { IntSchema, OkSchema, TextSchema, detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export const REFRESH_COOKIE = 'tl_refresh';

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

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: LoginInputSchema, response: { 200: detailOf(SessionSchema) } } },
    async (request, reply) => {
      // A client that closed its connection while its check waited in the queue is not checked.
      const session = await service.login(request.body, request.ip, () => request.raw.socket.destroyed);
      setRefreshCookie(reply, session.refreshToken);
      return { detail: session };
    },
  );

  app.post(
    '/refreshAccessToken',
    { schema: { tags: ['auth'], body: RefreshInputSchema, response: { 200: detailOf(SessionSchema) } } },
    async (request, reply) => {
      const session = await service.refresh(request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session.refreshToken);
      return { detail: session };
    },
  );

  app.post(
    '/logout',
    { onRequest: app.authenticate, schema: { tags: ['auth'], response: { 200: OkSchema } } },
    async (request, reply) => {
      await service.logout(callerOf(request));
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return { detail: { ok: true as const } };
    },
  );

  app.get(
    '/session',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        querystring: z.object({ updateAccessToken: z.enum(['true', 'false']).optional() }),
        response: {
          200: detailOf(
            z.object({
              email: TextSchema,
              accessToken: TextSchema.optional(),
              expiresIn: IntSchema.optional(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      if (request.query.updateAccessToken === 'true') {
        return { detail: { email: auth.email, ...(await service.accessTokenFor(auth)) } };
      }
      return { detail: { email: auth.email } };
    },
  );
};
