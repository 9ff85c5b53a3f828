import {
  AddressSuggestionQuerySchema,
  AddressSuggestionSchema,
  ClaimCodeInputSchema,
  CompanyFilterListingInputSchema,
  CompanyListingInputSchema,
  CompanyListingResultSchema,
  CreateCompanyInputSchema,
  ProspectDetailSchema,
  RegisterResultSchema,
  SignUpCodeQuerySchema,
  SignUpPromoCodeInputSchema,
  UserRegisterInputSchema,
  VerifySignUpCodeInputSchema,
} from '@trustleaf/domain/schemas/accounts';
import { IntSchema, OkSchema, TextSchema, detailOf } from '@trustleaf/domain/schemas/common';
import { getProspectImportJob, importProspects } from '@trustleaf/domain/api/imports';
import { getInviteMemberCodeDetail, joinCompany } from '@trustleaf/domain/api/team';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { documented, errorResponses, route } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { AccountsService } from './accounts.service.ts';

const ok = { detail: { ok: true as const } };

/** The public promo check answers only "usable or not", but it must not become a way to guess codes. */
export const PROMO_CHECKS_PER_MINUTE = 10;
export const PROMO_CHECK_RATE_LIMIT_MESSAGE =
  'Too many promo code checks. Please wait a minute and try again.';

export const REGISTER_REQUESTS_PER_MINUTE = 30;
export const REGISTER_RATE_LIMIT_MESSAGE =
  'Too many registration attempts. Please wait a minute and try again.';

/** Registered under `/api`: the spec spreads these calls over the auth, user and company areas. */
export const accountsRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', PROMO_CHECK_RATE_LIMIT_MESSAGE),
  });

  app.get(
    '/auth/signUpCode',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Email a sign-up code',
          description:
            'Sends a six-digit code to the address to start sign-up (spec 1 §2). An address with an account is CONFLICT; codes and resends are attempt-limited (RATE_LIMITED).',
          access: 'public',
        }),
        querystring: SignUpCodeQuerySchema,
        response: { 200: OkSchema, ...errorResponses('public', ['CONFLICT', 'RATE_LIMITED']) },
      },
    },
    async (request) => {
      await service.sendSignUpCode(request.query);
      return ok;
    },
  );

  app.post(
    '/auth/verifySignUpCode',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Check a sign-up code',
          description:
            "Confirms the code sent to the address; a wrong code counts against the address's tries (RATE_LIMITED when spent), an expired one is VALIDATION_FAILED.",
          access: 'public',
        }),
        body: VerifySignUpCodeInputSchema,
        response: { 200: OkSchema, ...errorResponses('public', ['RATE_LIMITED']) },
      },
    },
    async (request) => {
      await service.verifySignUpCode(request.body);
      return ok;
    },
  );

  app.post(
    '/user/register',
    {
      // Counted in memory before the body is even parsed: a flood from one address costs next to
      // nothing. The service's own limit, in PostgreSQL, bounds the registrations that reach the hash.
      config: {
        rateLimit: {
          max: REGISTER_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', REGISTER_RATE_LIMIT_MESSAGE),
        },
      },
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Create the account (and company) after the code',
          description:
            'Creates the user with a verified address, their company or a claimed prospect, and a first plan choice, and answers the new ids. An address or company already registered is CONFLICT; registrations are limited per address (RATE_LIMITED).',
          access: 'public',
        }),
        body: UserRegisterInputSchema,
        response: {
          200: detailOf(RegisterResultSchema),
          ...errorResponses('public', ['CONFLICT', 'RATE_LIMITED']),
        },
      },
    },
    async (request) => ({ detail: await service.register(request.body, request.ip) }),
  );

  app.post(
    '/company/companyFilterListing',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Search prospects to claim at sign-up',
          description:
            "Prospect companies matching a name, state and business type, paged, for sign-up's 'find your company' step; only public prospect fields.",
          access: 'public',
        }),
        body: CompanyFilterListingInputSchema,
        response: { 200: detailOf(CompanyListingResultSchema), ...errorResponses('public') },
      },
    },
    async (request) => ({ detail: await service.companyFilterListing(request.body) }),
  );

  app.post(
    '/company/companyListing',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'List prospects by name',
          description:
            "Prospect companies whose name matches, paged, for sign-up's search; only public prospect fields.",
          access: 'public',
        }),
        body: CompanyListingInputSchema,
        response: { 200: detailOf(CompanyListingResultSchema), ...errorResponses('public') },
      },
    },
    async (request) => ({ detail: await service.companyListing(request.body) }),
  );

  app.post(
    '/user/checkPromoCode',
    {
      config: { rateLimit: { max: PROMO_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Check a promo code at sign-up',
          description:
            'Whether a promo code can be used, before the account exists. Limited per address per minute (RATE_LIMITED).',
          access: 'public',
        }),
        body: SignUpPromoCodeInputSchema,
        response: {
          200: detailOf(z.object({ promoCode: TextSchema })),
          ...errorResponses('public', ['INVALID_PROMO_CODE', 'MAX_USAGE_PROMO_CODE', 'RATE_LIMITED']),
        },
      },
    },
    async (request) => ({ detail: await service.checkPromoCode(request.body.promoCode) }),
  );

  app.post(
    '/company/getProspectDetail',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'A prospect by its claim code',
          description:
            'The prospect a claim code (from an invitation mail) opens, to prefill sign-up; an unknown or used code is NOT_FOUND.',
          access: 'public',
        }),
        body: ClaimCodeInputSchema,
        response: { 200: detailOf(ProspectDetailSchema), ...errorResponses('public') },
      },
    },
    async (request) => ({ detail: await service.getProspectDetail(request.body.claimCode) }),
  );

  app.post(
    '/company/createCompany',
    {
      onRequest: app.authenticate,
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Create another company for the signed-in user',
          description:
            'Creates a company with the caller as its owner (spec 3 §5 field rules); a company of the same normalised name in the state is CONFLICT.',
          access: 'user',
        }),
        body: CreateCompanyInputSchema,
        response: {
          200: detailOf(z.object({ plCompanyId: IntSchema })),
          ...errorResponses('user', ['CONFLICT']),
        },
      },
    },
    async (request) => ({ detail: await service.createCompany(callerOf(request), request.body) }),
  );

  route(app, importProspects, ({ auth, input }) => service.importProspects(auth, input.csv));
  route(app, getProspectImportJob, ({ auth, input }) => service.getProspectImportJob(auth, input.jobId));

  route(app, getInviteMemberCodeDetail, ({ input }) =>
    service.getInviteMemberCodeDetail(input.inviteMemberCode),
  );
  route(app, joinCompany, ({ auth, input }) => service.joinCompany(auth, input.inviteToken));

  app.get(
    '/address/suggestions',
    {
      schema: {
        ...documented({
          tag: 'accounts',
          summary: 'Address suggestions while typing',
          description:
            'Street addresses matching what was typed in a country, for the sign-up and company forms.',
          access: 'public',
        }),
        querystring: AddressSuggestionQuerySchema,
        response: { 200: detailOf(z.array(AddressSuggestionSchema)), ...errorResponses('public') },
      },
    },
    async (request) => ({
      detail: await service.suggestAddresses(request.query.query, request.query.country),
    }),
  );
};
