import {
  holdSeal,
  publishTrustProfile,
  trustProfile,
  trustProfileSettings,
  verifySeal,
} from '@trustleaf/domain/api/trust';
import { trustText, negotiateTrustLanguage } from '@trustleaf/domain/reference/trust-profile-text';
import { TextSchema } from '@trustleaf/domain/schemas/common';
import {
  CompanyQrCodeQuerySchema,
  TrustSlugSchema,
  type TrustLanguage,
} from '@trustleaf/domain/schemas/trust';
import { SEAL_KEYS_PATH, SEAL_REVOCATIONS_PATH } from '@trustleaf/scanner/seal';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { documented, errorResponses, route } from '../../lib/route.ts';
import type { Storage } from '../../lib/storage.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import { callerOf } from '../../plugins/auth.ts';
import { renderBadge, renderProfilePage } from './trust.page.ts';
import { renderQrCode } from './trust.qr.ts';
import type { TrustService } from './trust.service.ts';

/** Public copies (badge, seal file, QR) are cached at most this long, and never past the seal's window. */
const PUBLIC_CACHE_MAX_SECONDS = 300;

/** max-age for something that shows a seal: the remaining validity, capped; 0 without a seal. */
export function sealMaxAge(seal: { expiresAt: Date } | null, now: Date): number {
  if (!seal) return 0;
  const remaining = Math.floor((seal.expiresAt.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(PUBLIC_CACHE_MAX_SECONDS, remaining));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public resource other sites embed or fetch (badge, seal, key set, revocation list): it keeps
     * the Cache-Control it sets and may be loaded cross-origin (app.ts's security headers).
     */
    publicResource?: boolean;
  }
}

/** The JSON calls under /api/trust. */
export const trustRoutes: FastifyPluginAsync<{ service: TrustService }> = async (app, { service }) => {
  route(app, trustProfileSettings, ({ auth, input }) => service.settings(auth, input.plCompanyId));
  route(app, publishTrustProfile, ({ auth, input }) => service.publish(auth, input));
  route(app, holdSeal, ({ auth, input }) => service.hold(auth, input));
  route(app, trustProfile, ({ input }) => service.publicProfile(input.slug));
  route(app, verifySeal, ({ input }) => service.verify(input.seal));
};

/** Spec 3 §7: GET /api/company/companyQrCode?plCompanyId&embedLogoType, for the company's members. */
export const companyQrRoutes: FastifyPluginAsync<{ service: TrustService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  app.get(
    '/companyQrCode',
    {
      onRequest: app.authenticate,
      schema: {
        ...documented({
          tag: 'company',
          summary: 'QR code (SVG) of the company’s public trust profile, with or without its logo',
          description:
            'Members of the company (or a super admin) get an SVG QR code linking to its published trust profile, with the company logo in the middle when embedLogoType is COMPANY_LOGO. Cached privately for at most 5 minutes and never past the live seal’s window. 409 while the profile is not published or when a logo is asked for and there is none; another company’s id answers 404.',
          access: 'user',
          errors: ['CONFLICT'],
        }),
        querystring: CompanyQrCodeQuerySchema,
        response: errorResponses('user', ['CONFLICT']),
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof CompanyQrCodeQuerySchema>;
      const target = await service.profileForMember(callerOf(request), query.plCompanyId);
      let logo: { bytes: Buffer; mime: string } | null = null;
      if (query.embedLogoType === 'COMPANY_LOGO') {
        const key = target.logoUrl ? new URL(target.logoUrl, 'http://x').searchParams.get('key') : null;
        if (!key) throw new AppError('CONFLICT', 'The company has no logo to put in the QR code.');
        const bytes = await storage.read(key);
        const type = await fileTypeFromBuffer(bytes);
        if (!type?.mime.startsWith('image/'))
          throw new AppError('CONFLICT', 'The company logo is not an image.');
        logo = { bytes, mime: type.mime };
      }
      const svg = await renderQrCode(target.profileUrl, logo);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', 'inline; filename="trust-profile-qr.svg"')
        .header('cache-control', `private, max-age=${sealMaxAge(target.seal, target.now)}`)
        .send(svg);
    },
  );
};

const SlugParamsSchema = z.object({ slug: TextSchema.max(200) });

function languageOf(request: FastifyRequest): TrustLanguage {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return negotiateTrustLanguage(
    typeof lang === 'string' ? lang : undefined,
    request.headers['accept-language'],
  );
}

/** An unknown or unpublished profile: a small page in the visitor's language, never the SPA. */
function notFoundPage(reply: FastifyReply, language: TrustLanguage) {
  const title = escapeHtml(trustText(language, 'notFoundTitle'));
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(trustText(language, 'notFoundText'))}</p></main></body></html>`,
    );
}

function isProfileMissing(error: unknown) {
  return error instanceof AppError && error.code === 'NOT_FOUND';
}

/**
 * Public pages and files outside /api: the profile page (server-rendered), the badge, the seal file,
 * and the well-known key set and revocation list verifiers read.
 */
export const trustPublicRoutes: FastifyPluginAsync<{ service: TrustService; appUrl: string }> = async (
  app,
  { service, appUrl },
) => {
  app.get('/trust/:slug', { schema: { hide: true, params: SlugParamsSchema } }, async (request, reply) => {
    const language = languageOf(request);
    const { slug } = request.params as { slug: string };
    if (!TrustSlugSchema.safeParse(slug).success) return notFoundPage(reply, language);
    try {
      const profile = await service.publicProfile(slug);
      // The seal must disappear at once when it stops holding: every view asks again.
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language')
        .header('content-language', language)
        .send(renderProfilePage(profile, language, appUrl));
    } catch (error) {
      if (isProfileMissing(error)) return notFoundPage(reply, language);
      throw error;
    }
  });

  app.get(
    '/trust/:slug/badge.svg',
    { schema: { hide: true, params: SlugParamsSchema }, config: { publicResource: true } },
    async (request, reply) => {
      const language = languageOf(request);
      const { slug } = request.params as { slug: string };
      if (!TrustSlugSchema.safeParse(slug).success) throw new AppError('NOT_FOUND', 'Profile not found');
      const found = await service.publicSeal(slug);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', `public, max-age=${sealMaxAge(found.seal, found.now)}`)
        .header('vary', 'Accept-Language')
        .send(renderBadge({ active: found.seal !== null, companyName: found.name, language }));
    },
  );

  app.get(
    '/trust/:slug/seal.json',
    { schema: { hide: true, params: SlugParamsSchema }, config: { publicResource: true } },
    async (request, reply) => {
      const { slug } = request.params as { slug: string };
      if (!TrustSlugSchema.safeParse(slug).success) throw new AppError('NOT_FOUND', 'Profile not found');
      const found = await service.publicSeal(slug);
      if (!found.seal) {
        throw new AppError('NOT_FOUND', 'This company holds no verified seal at the moment.');
      }
      const origin = appUrl.replace(/\/+$/, '');
      return reply.header('cache-control', `public, max-age=${sealMaxAge(found.seal, found.now)}`).send({
        seal: found.seal.token,
        sealId: found.seal.id,
        keyId: found.seal.keyId,
        issuedAt: found.seal.issuedAt.toISOString(),
        expiresAt: found.seal.expiresAt.toISOString(),
        profileUrl: found.profileUrl,
        keysUrl: `${origin}${SEAL_KEYS_PATH}`,
        revocationsUrl: `${origin}${SEAL_REVOCATIONS_PATH}`,
      });
    },
  );

  app.get(
    SEAL_KEYS_PATH,
    { schema: { hide: true }, config: { publicResource: true } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(service.keySet()),
  );

  // Always current: revocation takes effect at a verifier's next check.
  app.get(
    SEAL_REVOCATIONS_PATH,
    { schema: { hide: true }, config: { publicResource: true } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(await service.revocationList()),
  );
};
