import { AUTH_REFUSALS } from '@trustleaf/domain/refusals';
import type { Language } from '@trustleaf/domain/rules/themes';
import type { CompanyRef, MyProfile } from '@trustleaf/domain/schemas/auth';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService({ repo }: { repo: UsersRepository }) {
  return {
    /** The language the user's emails are written in (the app's language switch sets it). */
    async updateLanguage(auth: AuthContext, language: Language) {
      await repo.setLanguage(auth.userId, language);
      return { language };
    },

    /** Spec 3 §3 "Account state": isOwner for the owned company, memberOfCompany otherwise, and the
     * super admin's fixed built-in company. A revoked sign-in gets a 401 like any other route. */
    async getMyProfile(claims: AccessClaims): Promise<MyProfile> {
      const row = await repo.findProfile(claims);
      if (!row) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
      const { user, role } = row;
      const roles = user.isSuperAdmin ? ['Super Admin'] : [];
      // The super admin's built-in company is theirs; a member owns the company only as its owner.
      const currentCompany: CompanyRef | null =
        row.companyId !== null &&
        row.companyName !== null &&
        row.companyKind &&
        row.companyStatus &&
        (user.isSuperAdmin || role)
          ? {
              plCompanyId: row.companyId,
              companyName: row.companyName,
              businessType: user.isSuperAdmin ? null : row.businessType,
              state: row.companyState,
              country: row.companyCountry,
              kind: row.companyKind,
              status: row.companyStatus,
              isOwner: user.isSuperAdmin || role === 'Company Owner',
              resourcePhoto: row.companyLogoUrl ? { url: row.companyLogoUrl } : null,
            }
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
