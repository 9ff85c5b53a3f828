import type { CompanyRef, MyProfile } from '@trustleaf/domain/schemas/auth';
import type { AuthContext } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import type { companies } from '../../db/schema.ts';
import type { UsersRepository } from './users.repository.ts';

type CompanyRow = typeof companies.$inferSelect;

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
     * super admin's fixed built-in company. */
    async getMyProfile(auth: AuthContext): Promise<MyProfile> {
      const [user, membership, system] = await Promise.all([
        repo.findUser(auth.userId),
        repo.findMembership(auth.userId),
        auth.isSuperAdmin ? repo.findSystemCompany() : null,
      ]);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      const roles = user.isSuperAdmin ? ['Super Admin'] : [];
      let currentCompany: CompanyRef | null = null;
      if (user.isSuperAdmin) {
        currentCompany = system ? toCompanyRef(system, null, true) : null;
      } else if (membership) {
        currentCompany = toCompanyRef(
          membership.company,
          membership.businessType,
          membership.role === 'Company Owner',
        );
      }
      if (membership) roles.push(membership.role);
      return {
        currentUser: {
          plUserId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          roles: roles.map((name) => ({ name })),
          memberOfCompany: membership
            ? { plCompanyId: membership.company.id, roles: [membership.role] }
            : null,
        },
        currentCompany,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
