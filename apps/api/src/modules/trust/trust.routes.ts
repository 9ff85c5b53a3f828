import {
  companyQrCode,
  holdSeal,
  sealKeySet,
  sealRevocationList,
  trustBadge,
  trustProfilePage,
  trustSealFile,
  publishTrustProfile,
  trustProfile,
  trustProfileSettings,
  verifySeal,
} from '@trustleaf/domain/api/trust';
import { trustText, negotiateTrustLanguage } from '@trustleaf/domain/reference/trust-profile-text';
import { TRUST_REFUSALS, TrustSlugSchema, type TrustLanguage } from '@trustleaf/domain/schemas/trust';
import { SEAL_KEYS_PATH, SEAL_REVOCATIONS_PATH } from '@trustleaf/scanner/seal';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, refusal } from '../../lib/errors.ts';
import { MANAGER_GATE, SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { Storage } from '../../lib/storage.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import { renderBadge, renderProfilePage } from './trust.page.ts';
import { renderQrCode } from './trust.qr.ts';
import type { TrustService } from './trust.service.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

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
  route(app, publishTrustProfile, ({ auth, input }) => service.publish(auth, input), { gate: MANAGER_GATE });
  route(app, holdSeal, ({ auth, input }) => service.hold(auth, input), { gate: SUPER_ADMIN_GATE });
  route(app, trustProfile, ({ input }) => service.publicProfile(input.slug));
  route(app, verifySeal, ({ input }) => service.verify(input.seal));
};

/** Spec 3 §7: GET /api/company/companyQrCode?plCompanyId&embedLogoType, for the company's members. */
export const companyQrRoutes: FastifyPluginAsync<{ service: TrustService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  route(app, companyQrCode, async ({ auth, input: query, reply }) => {
    const target = await service.profileForMember(auth, query.plCompanyId);
    let logo: { bytes: Buffer; mime: string } | null = null;
    if (query.embedLogoType === 'COMPANY_LOGO') {
      const key = target.logoUrl ? new URL(target.logoUrl, 'http://x').searchParams.get('key') : null;
      if (!key) throw refusal('CONFLICT', TRUST_REFUSALS.noLogo);
      const bytes = await storage.read(key);
      const type = await fileTypeFromBuffer(bytes);
      if (!type?.mime.startsWith('image/')) throw refusal('CONFLICT', TRUST_REFUSALS.logoNotImage);
      logo = { bytes, mime: type.mime };
    }
    const svg = await renderQrCode(target.profileUrl, logo);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="trust-profile-qr.svg"')
      .header('cache-control', `private, max-age=${sealMaxAge(target.seal, target.now)}`)
      .send(svg);
  });
};

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
  if (sealKeySet.path !== SEAL_KEYS_PATH || sealRevocationList.path !== SEAL_REVOCATIONS_PATH) {
    throw new Error('The seal contracts and the scanner disagree on the well-known paths');
  }
  const publicResource = { config: { publicResource: true } };

  route(app, trustProfilePage, async ({ input, request, reply }) => {
    const language = languageOf(request);
    const { slug } = input;
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

  route(
    app,
    trustBadge,
    async ({ input, request, reply }) => {
      const language = languageOf(request);
      const { slug } = input;
      if (!TrustSlugSchema.safeParse(slug).success)
        throw refusal('NOT_FOUND', COMMON_REFUSALS.profileNotFound);
      const found = await service.publicSeal(slug);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', `public, max-age=${sealMaxAge(found.seal, found.now)}`)
        .header('vary', 'Accept-Language')
        .send(renderBadge({ active: found.seal !== null, companyName: found.name, language }));
    },
    publicResource,
  );

  route(
    app,
    trustSealFile,
    async ({ input, reply }) => {
      const { slug } = input;
      if (!TrustSlugSchema.safeParse(slug).success)
        throw refusal('NOT_FOUND', COMMON_REFUSALS.profileNotFound);
      const found = await service.publicSeal(slug);
      if (!found.seal) {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.noVerifiedSeal);
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
    publicResource,
  );

  route(
    app,
    sealKeySet,
    ({ reply }) => reply.header('cache-control', 'public, max-age=3600').send(service.keySet()),
    publicResource,
  );

  // Always current: revocation takes effect at a verifier's next check.
  route(
    app,
    sealRevocationList,
    async ({ reply }) => reply.header('cache-control', 'no-cache').send(await service.revocationList()),
    publicResource,
  );
};
