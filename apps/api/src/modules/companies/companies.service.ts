import type { CompanyDetail } from '@trustleaf/domain/schemas/company';
import type { Db } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import type { CompaniesRepository } from './companies.repository.ts';

export interface CompaniesServiceDeps {
  db: Db;
  repo: CompaniesRepository;
}

export function createCompaniesService({ db, repo }: CompaniesServiceDeps) {
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
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
