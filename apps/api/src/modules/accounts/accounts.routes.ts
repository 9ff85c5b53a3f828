import {
  AddressSuggestionQuerySchema,
  AddressSuggestionSchema,
  ClaimCodeInputSchema,
  CompanyFilterListingInputSchema,
  CompanyListingInputSchema,
  CompanyListingResultSchema,
  CreateCompanyInputSchema,
  ImportProspectsInputSchema,
  ProspectDetailSchema,
  ProspectImportJobSchema,
  RegisterResultSchema,
  SignUpCodeQuerySchema,
  SignUpPromoCodeInputSchema,
  UserRegisterInputSchema,
  VerifySignUpCodeInputSchema,
} from '@trustleaf/domain/schemas/accounts';
import { IntSchema, OkSchema, TextSchema, detailOf } from '@trustleaf/domain/schemas/common';
import { getInviteMemberCodeDetail, joinCompany } from '@trustleaf/domain/api/team';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
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
  const tags = ['accounts'];
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', PROMO_CHECK_RATE_LIMIT_MESSAGE),
  });

  app.get(
    '/auth/signUpCode',
    { schema: { tags, querystring: SignUpCodeQuerySchema, response: { 200: OkSchema } } },
    async (request) => {
      await service.sendSignUpCode(request.query);
      return ok;
    },
  );

  app.post(
    '/auth/verifySignUpCode',
    { schema: { tags, body: VerifySignUpCodeInputSchema, response: { 200: OkSchema } } },
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
      schema: { tags, body: UserRegisterInputSchema, response: { 200: detailOf(RegisterResultSchema) } },
    },
    async (request) => ({ detail: await service.register(request.body, request.ip) }),
  );

  app.post(
    '/company/companyFilterListing',
    {
      schema: {
        tags,
        body: CompanyFilterListingInputSchema,
        response: { 200: detailOf(CompanyListingResultSchema) },
      },
    },
    async (request) => ({ detail: await service.companyFilterListing(request.body) }),
  );

  app.post(
    '/company/companyListing',
    {
      schema: {
        tags,
        body: CompanyListingInputSchema,
        response: { 200: detailOf(CompanyListingResultSchema) },
      },
    },
    async (request) => ({ detail: await service.companyListing(request.body) }),
  );

  app.post(
    '/user/checkPromoCode',
    {
      config: { rateLimit: { max: PROMO_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        body: SignUpPromoCodeInputSchema,
        response: { 200: detailOf(z.object({ promoCode: TextSchema })) },
      },
    },
    async (request) => ({ detail: await service.checkPromoCode(request.body.promoCode) }),
  );

  app.post(
    '/company/getProspectDetail',
    { schema: { tags, body: ClaimCodeInputSchema, response: { 200: detailOf(ProspectDetailSchema) } } },
    async (request) => ({ detail: await service.getProspectDetail(request.body.claimCode) }),
  );

  app.post(
    '/company/createCompany',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        body: CreateCompanyInputSchema,
        response: { 200: detailOf(z.object({ plCompanyId: IntSchema })) },
      },
    },
    async (request) => ({ detail: await service.createCompany(callerOf(request), request.body) }),
  );

  app.post(
    '/company/importProspects',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        body: ImportProspectsInputSchema,
        response: { 200: detailOf(z.object({ jobId: TextSchema })) },
      },
    },
    async (request) => ({ detail: await service.importProspects(callerOf(request), request.body.csv) }),
  );

  app.post(
    '/company/getProspectImportJob',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        body: z.object({ jobId: z.uuid() }),
        response: { 200: detailOf(ProspectImportJobSchema) },
      },
    },
    async (request) => ({
      detail: await service.getProspectImportJob(callerOf(request), request.body.jobId),
    }),
  );

  route(app, getInviteMemberCodeDetail, ({ input }) =>
    service.getInviteMemberCodeDetail(input.inviteMemberCode),
  );
  route(app, joinCompany, ({ auth, input }) => service.joinCompany(auth, input.inviteToken));

  app.get(
    '/address/suggestions',
    {
      schema: {
        tags,
        querystring: AddressSuggestionQuerySchema,
        response: { 200: detailOf(z.array(AddressSuggestionSchema)) },
      },
    },
    async (request) => ({
      detail: await service.suggestAddresses(request.query.query, request.query.country),
    }),
  );
};
