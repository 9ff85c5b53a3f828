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
      const { user, role } = row;
      const roles = user.isSuperAdmin ? ['Super Admin'] : [];
      const shown: CompanyRow | null =
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
      // The super admin's built-in company is theirs; a member owns the company only as its owner.
      const currentCompany =
        shown && (user.isSuperAdmin || role)
          ? toCompanyRef(
              shown,
              user.isSuperAdmin ? null : row.businessType,
              user.isSuperAdmin || role === 'Company Owner',
            )
          : null;
      if (role) roles.push(role);
      return {
        currentUser: {
          plUserId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          roles: roles.map((name) => ({ name })),
          memberOfCompany:
            row.membershipCompanyId !== null && role
              ? { plCompanyId: row.membershipCompanyId, roles: [role] }
              : null,
        },
        currentCompany,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
