import type { CompanyRef, MyProfile } from '@trustleaf/domain/schemas/auth';
import { AppError } from '../../lib/errors.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import type { companies } from '../../db/schema.ts';
import type { UsersRepository } from './users.repository.ts';

type CompanyRow = Pick<
  typeof companies.$inferSelect,
  'id' | 'name' | 'state' | 'country' | 'kind' | 'status' | 'logoUrl'
>;

function toCompanyRef(row: CompanyRow, businessType: string | null, isOwner: boolean): CompanyRef {
  return {
    plCompanyId: row.id,
    companyName: row.name,
    businessType,
    state: row.state,
    country: row.country,
    kind: row.kind,
    status: row.status,
    isOwner,
    resourcePhoto: row.logoUrl ? { url: row.logoUrl } : null,
  };
}

export function createUsersService({ repo }: { repo: UsersRepository }) {
  return {
    /** Spec 3 §3 "Account state": isOwner for the owned company, memberOfCompany otherwise, and the
     * super admin's fixed built-in company. A revoked sign-in gets a 401 like any other route. */
    async getMyProfile(claims: AccessClaims): Promise<MyProfile> {
      const row = await repo.findProfile(claims);
      if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      const { user, role, businessType } = row;
      const company: CompanyRow | null =
        row.companyId !== null && row.companyName !== null && row.companyKind && row.companyStatus
          ? {
              id: row.companyId,
              name: row.companyName,
              state: row.companyState,
              country: row.companyCountry,
              kind: row.companyKind,
              status: row.companyStatus,
              logoUrl: row.companyLogoUrl,
            }
          : null;
      const system: CompanyRow | null =
        row.systemId !== null && row.systemName !== null && row.systemKind && row.systemStatus
          ? {
              id: row.systemId,
              name: row.systemName,
              state: row.systemState,
              country: row.systemCountry,
              kind: row.systemKind,
              status: row.systemStatus,
              logoUrl: row.systemLogoUrl,
            }
          : null;
      const roles = user.isSuperAdmin ? ['Super Admin'] : [];
      let currentCompany: CompanyRef | null = null;
      if (user.isSuperAdmin) {
        currentCompany = system ? toCompanyRef(system, null, true) : null;
      } else if (company && role) {
        currentCompany = toCompanyRef(company, businessType, role === 'Company Owner');
      }
      if (role) roles.push(role);
      return {
        currentUser: {
          plUserId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          roles: roles.map((name) => ({ name })),
          memberOfCompany: company && role ? { plCompanyId: company.id, roles: [role] } : null,
        },
        currentCompany,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
