import { companyAllowsSignIn, companyStatusMoveError } from '@trustleaf/domain/rules/company-status';
import type {
  ChangeBusinessTypeInput,
  CompanyFilter,
  CompanyListing,
  CompanyListingInputSchema,
  UpdateCompanyStatusInput,
} from '@trustleaf/domain/schemas/admin';
import type { CompanyDetail } from '@trustleaf/domain/schemas/company';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { CompaniesRepository } from './companies.repository.ts';

export interface CompaniesServiceDeps {
  db: Db;
  repo: CompaniesRepository;
  record: RecordActivity;
  /** Ends every sign-in of the user, live sockets included; returns how many. */
  revokeUserSessions: (userId: number, reason: string) => Promise<number>;
}

/** The super admin's screens: everyone else is refused outright (spec 3 §6). */
export function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
}

export function createCompaniesService({ db, repo, record, revokeUserSessions }: CompaniesServiceDeps) {
  async function companyOrNotFound(companyId: number) {
    const found = await repo.findCompany(companyId);
    if (!found || found.company.isSystem) throw new AppError('NOT_FOUND', 'Company not found');
    return found;
  }

  return {
    async getCompanyDetail(auth: AuthContext, companyId: number): Promise<CompanyDetail> {
      await requireCompanyAccess(db, auth, companyId);
      const found = await repo.findCompany(companyId);
      if (!found) throw new AppError('NOT_FOUND', 'Company not found');
      const { company } = found;
      return {
        plCompanyId: company.id,
        companyName: company.name,
        businessType: found.businessType,
        corporateOfficeAddress: company.address,
        city: company.city,
        state: company.state,
        zip: company.zip,
        country: company.country,
        phone: company.phone,
        email: company.email,
        website: company.website,
        kind: company.kind,
        status: company.status,
        resourcePhoto: company.logoUrl ? { url: company.logoUrl } : null,
        members: await repo.listMembers(companyId),
      };
    },

    async companyListing(
      auth: AuthContext,
      input: z.output<typeof CompanyListingInputSchema>,
    ): Promise<CompanyListing> {
      requireSuperAdmin(auth);
      const { currentPage, itemsPerPage, ...filter } = input;
      return repo.listCompanies(filter, { offset: (currentPage - 1) * itemsPerPage, limit: itemsPerPage });
    },

    /** The rows of an export, counted first (the client shows progress against the count). */
    async exportCompanies(auth: AuthContext, filter: CompanyFilter) {
      requireSuperAdmin(auth);
      return { total: await repo.countCompanies(filter), batches: repo.eachCompanyBatch(filter) };
    },

    /**
     * SUSPENDED and TERMINATED end the members' sign-ins at once (login refuses them afterwards);
     * the change is in the company's log under the admin's name.
     */
    async updateCompanyStatus(auth: AuthContext, input: UpdateCompanyStatusInput) {
      requireSuperAdmin(auth);
      const { company } = await companyOrNotFound(input.plCompanyId);
      const from = company.status;
      const refused = companyStatusMoveError(from, input.status);
      if (refused) throw new AppError('CONFLICT', refused);
      if (!(await repo.setStatus(company.id, from, input.status))) {
        throw new AppError('CONFLICT', 'The company status changed meanwhile. Please reload and try again.');
      }
      let signedOut = 0;
      if (!companyAllowsSignIn(input.status)) {
        for (const userId of await repo.memberUserIds(company.id)) {
          signedOut += await revokeUserSessions(userId, `company ${input.status.toLowerCase()}`);
        }
      }
      await record({
        action: 'COMPANY_STATUS_CHANGED',
        actorUserId: auth.userId,
        companyId: company.id,
        detail: { from, to: input.status, signedOut },
      });
      return { plCompanyId: company.id, status: input.status, signedOut };
    },

    async changeBusinessType(auth: AuthContext, input: ChangeBusinessTypeInput) {
      requireSuperAdmin(auth);
      const { company, businessType: previous } = await companyOrNotFound(input.plCompanyId);
      const next = await repo.findBusinessType(input.businessTypeId);
      if (!next) throw new AppError('VALIDATION_FAILED', 'Unknown business type');
      if (company.businessTypeId === next.id) {
        throw new AppError('CONFLICT', `The company is already a ${next.name}.`);
      }
      await repo.setBusinessType(company.id, next.id);
      await record({
        action: 'BUSINESS_TYPE_CHANGED',
        actorUserId: auth.userId,
        companyId: company.id,
        detail: { from: previous, to: next.name },
      });
      return { plCompanyId: company.id, businessTypeId: next.id, businessType: next.name };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
