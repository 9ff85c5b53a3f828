import { COMPANY_TYPES } from '@trustleaf/domain/reference/company-types';
import { companyTypeSegmentRefusal } from '@trustleaf/domain/rules/company-fields';
import { normalizeCompanyName } from '@trustleaf/domain/rules/sign-up';
import { fieldIssue } from '@trustleaf/domain/validation-issues';
import type {
  AddressSuggestion,
  CreateCompanyInputSchema,
  InviteDetail,
  ProspectImportJob,
  RegisterResult,
  UserRegisterInputSchema,
} from '@trustleaf/domain/schemas/accounts';
import { TEAM_REFUSALS } from '@trustleaf/domain/schemas/team';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/authz.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { inviteTokenHash } from '../../lib/invites.ts';
import { refusal, validationFailed } from '../../lib/errors.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { AddressProvider } from './address-provider.ts';
import { claimHash } from './claim-code.ts';
import type { AccountsQueries, CompanyInsert } from './accounts.repository.ts';
import { createCompanyLookup } from './company-lookup.ts';
import { createSignUpCodes, type SignUpCodesDeps } from './sign-up-codes.ts';
import { REFUSALS } from './sign-up-refusals.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Registrations that reach the password hash, per client address. */
export const MAX_REGISTRATIONS_PER_HOUR_PER_IP = 20;
/** A verified code must be used for registration within this window. */
export const VERIFIED_TTL_MS = 30 * 60 * 1000;

type RegisterInput = z.output<typeof UserRegisterInputSchema>;
type CompanyInput = NonNullable<RegisterInput['company']>;
type CreateCompanyInput = z.output<typeof CreateCompanyInputSchema>;

export function businessTypeId(type: string): number | null {
  return COMPANY_TYPES.find((entry) => entry.type === type)?.id ?? null;
}

export interface AccountsServiceDeps extends SignUpCodesDeps {
  record: RecordActivity;
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

/**
 * The type of company must be one of the chosen segments' types (spec 1 §4 "The type list depends on
 * the chosen segment"; spec 3 §5: a cannabis company cannot be a processor, a hemp company cannot be a
 * manufacturer), as the company page's own edit checks it.
 */
function assertTypeFitsSegments(company: CompanyInput, segmentIds: readonly number[]): void {
  const refused = companyTypeSegmentRefusal(company.companyType, segmentIds);
  if (refused) throw validationFailed([fieldIssue('company.companyType', refused)]);
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repo, limiter, clock } = deps;

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
    claimantEmail: string,
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
      const found = company.claimCode
        ? await tx.findProspectByClaimHash(claimHash(company.claimCode))
        : await tx.findProspectByCompanyId(company.plCompanyId!);
      if (!company.claimCode) {
        // Spec 1 §3 claims a prospect by its plCompanyId. Without the claim code, only the contact the
        // prospect lists may claim it: that address is the claimant's, verified by the sign-up code.
        if (!found || found.prospect.claimedAt)
          throw refusal('VALIDATION_FAILED', REFUSALS.prospectUnavailable);
        if (found.prospect.contactEmail.trim().toLowerCase() !== claimantEmail.trim().toLowerCase()) {
          throw refusal('VALIDATION_FAILED', REFUSALS.claimNeedsCode);
        }
      }
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
    ...createSignUpCodes(deps),
    ...createCompanyLookup(repo),

    /** User and company in one transaction, after a verified code (spec 1 §4 "Sign-up flow"). */
    async register(input: RegisterInput, ip: string): Promise<RegisterResult> {
      // Everything that costs little comes before the password hash, the costly part.
      if (input.company && !input.inviteMemberCode) assertTypeFitsSegments(input.company, input.plSegmentIds);
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
              companyId = await setUpCompany(
                tx,
                user.id,
                user.email,
                input.company,
                input.plSegmentIds,
                null,
              );
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
      assertTypeFitsSegments(input.company, input.plSegmentIds);
      const logoUrl = input.logoUploadKey ? await deps.resolveLogo(input.logoUploadKey, auth.userId) : null;
      if (input.logoUploadKey && !logoUrl)
        throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.logoUploadNotFound);
      return repo.transaction(async (tx) => {
        await tx.lockUser(auth.userId);
        if (auth.isSuperAdmin || (await tx.findActiveMembership(auth.userId))) {
          throw refusal('CONFLICT', REFUSALS.alreadyMember);
        }
        const plCompanyId = await setUpCompany(
          tx,
          auth.userId,
          auth.email,
          input.company,
          input.plSegmentIds,
          logoUrl,
        );
        return { plCompanyId };
      });
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
        await tx.lockUser(auth.userId);
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
