import type { CompanyDetail, RemoveMemberInput } from '@trustleaf/domain/schemas/company';
import type { Db } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { CompaniesRepository } from './companies.repository.ts';

export interface CompaniesServiceDeps {
  db: Db;
  repo: CompaniesRepository;
  clock: Clock;
  revokeUserSessions: (userId: number, reason: string) => Promise<void>;
}

export function createCompaniesService({ db, repo, clock, revokeUserSessions }: CompaniesServiceDeps) {
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

    /** Removal bans the member from the company for good and ends every sign-in they hold. */
    async removeMember(auth: AuthContext, input: RemoveMemberInput): Promise<void> {
      await requireCompanyAccess(db, auth, input.plCompanyId, ['Company Owner', 'Company Admin']);
      const member = await repo.findMember(input.plCompanyId, input.plUserId);
      if (!member) throw new AppError('NOT_FOUND', 'Member not found');
      if (member.role === 'Company Owner')
        throw new AppError('FORBIDDEN', 'The company owner cannot be removed');
      if (input.plUserId === auth.userId)
        throw new AppError('FORBIDDEN', 'Use "Leave company" to remove yourself');
      await repo.banMember(input.plCompanyId, input.plUserId, clock.now());
      await revokeUserSessions(input.plUserId, 'removed from company');
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
