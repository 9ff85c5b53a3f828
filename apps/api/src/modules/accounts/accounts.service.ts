import { randomInt } from 'node:crypto';
import { COMPANY_TYPES } from '@trustleaf/domain/reference/company-types';
import {
  DUPLICATE_COMPANY_MESSAGE,
  normalizeCompanyName,
  SIGN_UP_CODE_LENGTH,
} from '@trustleaf/domain/rules/sign-up';
import {
  type AddressSuggestion,
  type CompanyFilterListingInputSchema,
  type CompanyListingInputSchema,
  type CompanyOption,
  type CreateCompanyInputSchema,
  type InviteDetail,
  type ProspectDetail,
  type ProspectImportJob,
  type RegisterResult,
  type SignUpCodeQuery,
  type UserRegisterInputSchema,
  type VerifySignUpCodeInput,
} from '@trustleaf/domain/schemas/accounts';
import { TEAM_REFUSALS } from '@trustleaf/domain/schemas/team';
import { keyedMessages } from '@trustleaf/domain/validation-issues';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/authz.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword, sameHash, sha256 } from '../../lib/crypto.ts';
import { inviteTokenHash } from '../../lib/invites.ts';
import { refusal } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { AddressProvider } from './address-provider.ts';
import { claimHash } from './claim-code.ts';
import type { AccountsQueries, AccountsRepository, CompanyInsert } from './accounts.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_FAILURES = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const MAX_CODES_PER_HOUR = 5;
/** Registrations that reach the password hash, per client address. */
export const MAX_REGISTRATIONS_PER_HOUR_PER_IP = 20;
/** A verified code must be used for registration within this window. */
export const VERIFIED_TTL_MS = 30 * 60 * 1000;

export const MESSAGES = {
  emailTaken: 'An account with this email already exists',
  resendTooSoon: 'Please wait a minute before requesting another code',
  tooManyCodes: 'Too many codes requested. Please try again in an hour.',
  codeExpired: 'This code has expired or was already used. Please request a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Please request a new code.',
  wrongCode: 'The code is incorrect',
  notVerified: 'Please verify your email before registering',
  invalidClaim: 'This claim code is invalid or was already used',
  invalidInvite: 'This invitation is invalid or has expired',
  alreadyMember: 'You already belong to a company',
  tooManyRegistrations: 'Too many registrations from this network. Please try again in an hour.',
  logoNotFound: 'The logo upload was not found',
} as const;

/** The sign-up refusals with the locale keys of the sign-up pages (`signUp.server.*`). */
const REFUSALS = {
  ...keyedMessages('signUp.server', MESSAGES),
  invalidClaim: { key: 'signUp.claimInvalid', message: MESSAGES.invalidClaim },
  duplicateCompany: { key: 'signUp.duplicate', message: DUPLICATE_COMPANY_MESSAGE },
};

type RegisterInput = z.output<typeof UserRegisterInputSchema>;
type CompanyInput = NonNullable<RegisterInput['company']>;
type CreateCompanyInput = z.output<typeof CreateCompanyInputSchema>;

const codeHash = (email: string, code: string) => sha256(`sign-up:${email}:${code}`);
export function businessTypeId(type: string): number | null {
  return COMPANY_TYPES.find((entry) => entry.type === type)?.id ?? null;
}

function toOption(row: {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}): CompanyOption {
  return {
    plCompanyId: row.id,
    companyName: row.name,
    locations: [
      {
        address: row.address ?? '',
        city: row.city ?? '',
        state: row.state ?? '',
        zip: row.zip ?? '',
        country: row.country ?? '',
      },
    ],
  };
}

export interface AccountsServiceDeps {
  record: RecordActivity;
  repo: AccountsRepository;
  limiter: AttemptLimiter;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  addresses: AddressProvider;
  /** Turns an upload key from the files module into the stored logo URL; null when unknown. */
  resolveLogo: (key: string, userId: number) => Promise<string | null>;
  enqueueImport: (jobId: string) => Promise<void>;
  /**
   * Billing's applyPromoCode for the new company, run on the registration's transaction; throws the
   * INVALID_PROMO_CODE or MAX_USAGE_PROMO_CODE error.
   */
  applyPromoCode: (tx: DbExecutor, companyId: number, promoCode: string) => Promise<unknown>;
  /** Billing's promo lookup; throws INVALID_PROMO_CODE or MAX_USAGE_PROMO_CODE. */
  findPromoCode: (promoCode: string) => Promise<{ promoCode: string }>;
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repo, limiter, clock, mailer } = deps;

  /** Same name in the same state among registered companies is a duplicate (spec 1 §5). */
  async function assertNotDuplicate(tx: AccountsQueries, name: string, state: string, excludeId?: number) {
    await tx.lockCompanyName(`${normalizeCompanyName(name)}|${state.toLowerCase()}`);
    const { total } = await tx.filterCompanies({
      name,
      state,
      kinds: ['REGISTERED'],
      exact: true,
      limit: 1,
      offset: 0,
      excludeId,
    });
    if (total > 0) throw refusal('CONFLICT', REFUSALS.duplicateCompany, { reason: 'DUPLICATE_COMPANY' });
  }

  /** Creates the company (or converts the claimed prospect) and makes the user its owner. */
  async function setUpCompany(
    tx: AccountsQueries,
    userId: number,
    company: CompanyInput,
    segmentIds: number[],
    logoUrl: string | null,
  ): Promise<number> {
    const now = clock.now();
    const address = company.officeAddress;
    const values: CompanyInsert = {
      name: company.name,
      businessTypeId: businessTypeId(company.companyType),
      kind: 'REGISTERED',
      address: address.address || null,
      city: address.city || null,
      state: address.state || null,
      zip: address.zip || null,
      country: address.country || null,
      ...(logoUrl ? { logoUrl } : {}),
    };
    let companyId: number;
    if (company.plCompanyId || company.claimCode) {
      const found = company.claimCode ? await tx.findProspectByClaimHash(claimHash(company.claimCode)) : null;
      if (
        !found ||
        found.prospect.claimedAt ||
        (company.plCompanyId && found.company.id !== company.plCompanyId)
      ) {
        throw refusal('VALIDATION_FAILED', REFUSALS.invalidClaim);
      }
      companyId = found.company.id;
      await assertNotDuplicate(tx, company.name, address.state, companyId);
      if (!(await tx.markProspectClaimed(companyId, userId, now))) {
        throw refusal('VALIDATION_FAILED', REFUSALS.invalidClaim);
      }
      await tx.updateCompany(companyId, values);
    } else {
      await assertNotDuplicate(tx, company.name, address.state);
      companyId = (await tx.insertCompany({ ...values, createdAt: now })).id;
    }
    await tx.insertOnboarding({
      companyId,
      segmentIds,
      manufactureForOther:
        company.manufactureForOther === undefined ? null : company.manufactureForOther === 1,
      requiredMoq: company.requiredMOQ === undefined ? null : company.requiredMOQ === 1,
      saleNumber: company.saleNumber || null,
      promoCode: company.promoCode || null,
      createdBy: userId,
    });
    await tx.insertMember(companyId, userId, 'Company Owner', now);
    // Last, so the promo's usage row lock is held for the shortest time before the commit.
    if (company.promoCode) await deps.applyPromoCode(tx.executor, companyId, company.promoCode);
    return companyId;
  }

  async function openInvite(tx: AccountsQueries, token: string) {
    const found = await tx.findInvite(inviteTokenHash(token));
    if (!found || found.invite.acceptedAt || found.invite.expiresAt <= clock.now()) {
      throw refusal('NOT_FOUND', REFUSALS.invalidInvite);
    }
    return found;
  }

  async function joinWithInvite(tx: AccountsQueries, userId: number, email: string, token: string) {
    const { invite } = await openInvite(tx, token);
    if (invite.email !== email) {
      throw refusal('FORBIDDEN', COMMON_REFUSALS.inviteForOtherEmail);
    }
    // Removal bans a member from the company for good (spec 3 §6), whatever link they hold.
    if ((await tx.findMember(invite.companyId, userId))?.bannedAt) {
      throw refusal('FORBIDDEN', TEAM_REFUSALS.bannedJoin);
    }
    if (!(await tx.acceptInvite(invite.id, clock.now()))) throw refusal('NOT_FOUND', REFUSALS.invalidInvite);
    await tx.insertMember(invite.companyId, userId, invite.role, clock.now());
    return invite.companyId;
  }

  return {
    /** Emails a 6-digit code; also the resend call, rate-limited per email (spec 1 §4). */
    async sendSignUpCode(input: SignUpCodeQuery): Promise<void> {
      if (await repo.findUserByEmail(input.email)) throw refusal('CONFLICT', REFUSALS.emailTaken);
      const now = clock.now();
      // The minute first: a refused resend must not use up one of the hour's codes.
      const perMinute = { limit: 1, windowMs: RESEND_INTERVAL_MS };
      if (!(await limiter.take(`sign-up-code:minute:${input.email}`, perMinute, now))) {
        throw refusal('RATE_LIMITED', REFUSALS.resendTooSoon);
      }
      const perHour = { limit: MAX_CODES_PER_HOUR, windowMs: 3600_000 };
      if (!(await limiter.take(`sign-up-code:hour:${input.email}`, perHour, now))) {
        throw refusal('RATE_LIMITED', REFUSALS.tooManyCodes);
      }
      const code = String(randomInt(0, 10 ** SIGN_UP_CODE_LENGTH)).padStart(SIGN_UP_CODE_LENGTH, '0');
      await repo.insertCode(
        input.email,
        codeHash(input.email, code),
        new Date(now.getTime() + CODE_TTL_MS),
        now,
      );
      const name = input.firstName || 'there';
      await mailer.send({
        to: input.email,
        subject: 'Your Trustleaf sign-up code',
        text: `Hello ${name},\n\nYour Trustleaf sign-up code is ${code}. It expires in 15 minutes.\n\nIf you did not ask for this, ignore this email.`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>Your Trustleaf sign-up code is <strong>${code}</strong>. It expires in 15 minutes.</p><p>If you did not ask for this, ignore this email.</p>`,
      });
    },

    /** Only the newest code counts; five wrong tries end it and a new code is needed. */
    async verifySignUpCode(input: VerifySignUpCodeInput): Promise<void> {
      const now = clock.now();
      const latest = await repo.latestCode(input.email);
      if (!latest || latest.verifiedAt || latest.consumedAt || latest.expiresAt <= now) {
        throw refusal('VALIDATION_FAILED', REFUSALS.codeExpired);
      }
      // The try is taken before the comparison, so concurrent guesses cannot outrun the limit.
      const tries = await repo.takeCodeTry(latest.id, MAX_CODE_FAILURES);
      if (tries === null) throw refusal('RATE_LIMITED', REFUSALS.tooManyWrongCodes);
      if (!sameHash(latest.codeHash, codeHash(input.email, input.signUpCode))) {
        if (tries >= MAX_CODE_FAILURES) throw refusal('RATE_LIMITED', REFUSALS.tooManyWrongCodes);
        throw refusal('VALIDATION_FAILED', REFUSALS.wrongCode, {
          reason: 'WRONG_CODE',
          triesLeft: MAX_CODE_FAILURES - tries,
        });
      }
      if (!(await repo.markVerified(latest.id, now))) {
        throw refusal('VALIDATION_FAILED', REFUSALS.codeExpired);
      }
    },

    /** User and company in one transaction, after a verified code (spec 1 §4 "Sign-up flow"). */
    async register(input: RegisterInput, ip: string): Promise<RegisterResult> {
      // Everything that costs little comes before the password hash, the costly part.
      const checkedAt = clock.now();
      if (await repo.findUserByEmail(input.email)) throw refusal('CONFLICT', REFUSALS.emailTaken);
      if (!(await repo.hasVerification(input.email, new Date(checkedAt.getTime() - VERIFIED_TTL_MS)))) {
        throw refusal('VALIDATION_FAILED', REFUSALS.notVerified);
      }
      const perAddress = { limit: MAX_REGISTRATIONS_PER_HOUR_PER_IP, windowMs: 3600_000 };
      if (!(await limiter.take(`register:ip:${ip}`, perAddress, checkedAt))) {
        throw refusal('RATE_LIMITED', REFUSALS.tooManyRegistrations);
      }
      const passwordHash = await hashPassword(input.password);
      try {
        return await repo
          .transaction(async (tx) => {
            const now = clock.now();
            const verified = await tx.consumeVerification(
              input.email,
              new Date(now.getTime() - VERIFIED_TTL_MS),
              now,
            );
            if (!verified) {
              // The loser of two concurrent registrations waits on the winner's row lock, then sees the user.
              if (await tx.findUserByEmail(input.email)) throw refusal('CONFLICT', REFUSALS.emailTaken);
              throw refusal('VALIDATION_FAILED', REFUSALS.notVerified);
            }
            const user = await tx.insertUser({
              email: input.email,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              phone: input.phone || null,
              acceptedEulaAt: now,
              createdAt: now,
            });
            let companyId: number | null = null;
            if (input.inviteMemberCode) {
              companyId = await joinWithInvite(tx, user.id, user.email, input.inviteMemberCode);
            } else if (input.company) {
              companyId = await setUpCompany(tx, user.id, input.company, input.plSegmentIds, null);
            }
            return { plUserId: user.id, plCompanyId: companyId };
          })
          .then(async (result) => {
            if (input.inviteMemberCode && result.plCompanyId !== null) {
              await deps.record({
                action: 'MEMBER_JOINED',
                actorUserId: result.plUserId,
                companyId: result.plCompanyId,
              });
            }
            return result;
          });
      } catch (error) {
        if (isUniqueViolation(error)) throw refusal('CONFLICT', REFUSALS.emailTaken);
        throw error;
      }
    },

    /** Spec 2 "Create company" for a signed-in user without one. */
    async createCompany(auth: AuthContext, input: CreateCompanyInput): Promise<{ plCompanyId: number }> {
      const logoUrl = input.logoUploadKey ? await deps.resolveLogo(input.logoUploadKey, auth.userId) : null;
      if (input.logoUploadKey && !logoUrl) throw refusal('VALIDATION_FAILED', REFUSALS.logoNotFound);
      return repo.transaction(async (tx) => {
        if (auth.isSuperAdmin || (await tx.findActiveMembership(auth.userId))) {
          throw refusal('CONFLICT', REFUSALS.alreadyMember);
        }
        const plCompanyId = await setUpCompany(tx, auth.userId, input.company, input.plSegmentIds, logoUrl);
        return { plCompanyId };
      });
    },

    async companyFilterListing(input: z.output<typeof CompanyFilterListingInputSchema>) {
      const { itemsPerPage, currentPage } = input.paginationOption;
      const { rows, total } = await repo.filterCompanies({
        name: input.companyName,
        state: input.officeAddress.state,
        kinds: input.companyType.map((type) => (type === 'registered' ? 'REGISTERED' : 'PROSPECT')),
        exact: input.companyNameValidation,
        limit: Math.min(itemsPerPage, 20),
        offset: (currentPage - 1) * itemsPerPage,
      });
      return { items: rows.map(toOption), totalItems: total };
    },

    async companyListing(input: z.output<typeof CompanyListingInputSchema>) {
      const { itemsPerPage, currentPage } = input.paginationOption;
      const { rows, total } = await repo.searchOpenProspects(
        input.companyName,
        itemsPerPage,
        (currentPage - 1) * itemsPerPage,
      );
      return { items: rows.map(toOption), totalItems: total };
    },

    async getProspectDetail(claimCode: string): Promise<ProspectDetail> {
      const found = await repo.findProspectByClaimHash(claimHash(claimCode));
      if (!found || found.prospect.claimedAt) throw refusal('NOT_FOUND', REFUSALS.invalidClaim);
      const { company, prospect } = found;
      return {
        plCompanyId: company.id,
        companyName: company.name,
        companyType: COMPANY_TYPES.find((entry) => entry.id === company.businessTypeId)?.type ?? null,
        officeAddress: toOption(company).locations[0]!,
        plSegmentIds: prospect.segmentIds,
        claimCode: claimCode.trim().toUpperCase(),
        prospectContact: {
          firstName: prospect.contactFirstName,
          lastName: prospect.contactLastName,
          email: prospect.contactEmail,
          phone: prospect.contactPhone,
        },
      };
    },

    async importProspects(auth: AuthContext, csv: string): Promise<{ jobId: string }> {
      if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
      const jobId = await repo.insertImportJob(csv, auth.userId, clock.now());
      await deps.enqueueImport(jobId);
      return { jobId };
    },

    async getProspectImportJob(auth: AuthContext, jobId: string): Promise<ProspectImportJob> {
      if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
      const job = await repo.findImportJob(jobId);
      if (!job) throw refusal('NOT_FOUND', COMMON_REFUSALS.importJobNotFound);
      const { id, status, totalRows, importedRows, errors } = job;
      return { jobId: id, status, totalRows, importedRows, errors };
    },

    async getInviteMemberCodeDetail(token: string): Promise<InviteDetail> {
      const found = await openInvite(repo, token);
      return {
        email: found.invite.email,
        role: found.invite.role,
        plCompanyId: found.invite.companyId,
        companyName: found.companyName,
        invitedBy: found.inviter ? `${found.inviter.firstName} ${found.inviter.lastName}` : '',
      };
    },

    async joinCompany(auth: AuthContext, token: string): Promise<{ plCompanyId: number }> {
      const plCompanyId = await repo.transaction(async (tx) => {
        if (await tx.findActiveMembership(auth.userId)) throw refusal('CONFLICT', REFUSALS.alreadyMember);
        return joinWithInvite(tx, auth.userId, auth.email, token);
      });
      await deps.record({ action: 'MEMBER_JOINED', actorUserId: auth.userId, companyId: plCompanyId });
      return { plCompanyId };
    },

    /** Only whether the code can be used: a visitor without an account learns nothing else of the promo. */
    async checkPromoCode(promoCode: string): Promise<{ promoCode: string }> {
      return { promoCode: (await deps.findPromoCode(promoCode)).promoCode };
    },

    async suggestAddresses(query: string, country: 'US' | 'CA'): Promise<AddressSuggestion[]> {
      return deps.addresses.suggest(query, country);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
