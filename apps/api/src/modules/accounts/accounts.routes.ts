import {
  addressSuggestions,
  checkPromoCode,
  companyFilterListing,
  companyListing,
  createCompany,
  getProspectDetail,
  register,
  signUpCode,
  verifySignUpCode,
} from '@trustleaf/domain/api/accounts';
import { getProspectImportJob, importProspects } from '@trustleaf/domain/api/imports';
import { getInviteMemberCodeDetail, joinCompany } from '@trustleaf/domain/api/team';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { refusal } from '../../lib/errors.ts';
import { SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { AccountsService } from './accounts.service.ts';

const ok = { ok: true as const };

/** The public promo check answers only "usable or not", but it must not become a way to guess codes. */
export const PROMO_CHECKS_PER_MINUTE = 10;
export const PROMO_CHECK_RATE_LIMIT_MESSAGE =
  'Too many promo code checks. Please wait a minute and try again.';

export const REGISTER_REQUESTS_PER_MINUTE = 30;
export const REGISTER_RATE_LIMIT_MESSAGE =
  'Too many registration attempts. Please wait a minute and try again.';

/** The two limits' refusals with the sign-up pages' locale keys. */
const LIMIT_REFUSALS = {
  promoChecks: { key: 'signUp.server.promoTooManyChecks', message: PROMO_CHECK_RATE_LIMIT_MESSAGE },
  registrations: {
    key: 'signUp.server.tooManyRegistrationAttempts',
    message: REGISTER_RATE_LIMIT_MESSAGE,
  },
};

/** Registered under `/api`: the spec spreads these calls over the auth, user and company areas. */
export const accountsRoutes: FastifyPluginAsync<{ service: AccountsService }> = async (app, { service }) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => refusal('RATE_LIMITED', LIMIT_REFUSALS.promoChecks),
  });

  route(app, signUpCode, async ({ input }) => {
    await service.sendSignUpCode(input);
    return ok;
  });
  route(app, verifySignUpCode, async ({ input }) => {
    await service.verifySignUpCode(input);
    return ok;
  });
  route(app, register, ({ input, request }) => service.register(input, request.ip), {
    // Counted in memory before the body is even parsed: a flood from one address costs next to
    // nothing. The service's own limit, in PostgreSQL, bounds the registrations that reach the hash.
    config: {
      rateLimit: {
        max: REGISTER_REQUESTS_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: () => refusal('RATE_LIMITED', LIMIT_REFUSALS.registrations),
      },
    },
  });
  route(app, companyFilterListing, ({ input }) => service.companyFilterListing(input));
  route(app, companyListing, ({ input }) => service.companyListing(input));
  route(app, checkPromoCode, ({ input }) => service.checkPromoCode(input.promoCode), {
    config: { rateLimit: { max: PROMO_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
  });
  route(app, getProspectDetail, ({ input }) => service.getProspectDetail(input.claimCode));
  route(app, createCompany, ({ auth, input }) => service.createCompany(auth, input));
  route(app, importProspects, ({ auth, input }) => service.importProspects(auth, input.csv), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, getProspectImportJob, ({ auth, input }) => service.getProspectImportJob(auth, input.jobId), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, getInviteMemberCodeDetail, ({ input }) =>
    service.getInviteMemberCodeDetail(input.inviteMemberCode),
  );
  route(app, joinCompany, ({ auth, input }) => service.joinCompany(auth, input.inviteToken));
  route(app, addressSuggestions, ({ input }) => service.suggestAddresses(input.query, input.country));
};
