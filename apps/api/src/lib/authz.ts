import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, sessionFamilies } from '../db/schema.ts';
import { refusal } from './errors.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Who is calling; set by the auth plugin on every authenticated request. */
export interface AuthContext {
  userId: number;
  familyId: string;
  email: string;
  isSuperAdmin: boolean;
}

/** Scheduled work has no caller: it reads a company's plan as a super admin reads it. */
export const SYSTEM_CALLER: AuthContext = { userId: 0, familyId: '', email: '', isSuperAdmin: true };

export type CompanyRole = 'Company Owner' | 'Company Admin' | 'User' | 'Weak User';

export interface CompanyAccess {
  /**
   * The one gate for company-scoped data: a super admin may act on any company; anyone else must be
   * an active (not banned) member, holding one of `roles` when given. Not-a-member reads as 404, so
   * ids of other companies cannot be probed.
   */
  require(
    auth: AuthContext,
    companyId: number,
    roles?: readonly CompanyRole[],
  ): Promise<{ role: CompanyRole | 'Super Admin' }>;
  /** An unknown company is a 404 (a super admin naming one), never a foreign-key failure further down. */
  requireCompany(companyId: number): Promise<void>;
}

/** Company access control, built once by the composition root and handed to every service that needs it. */
export function createCompanyAccess(db: Db): CompanyAccess {
  async function requireCompany(companyId: number): Promise<void> {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
  }

  return {
    requireCompany,
    async require(auth, companyId, roles) {
      if (auth.isSuperAdmin) {
        // 0 is "every company" in the super admin's billing views.
        if (companyId !== 0) await requireCompany(companyId);
        return { role: 'Super Admin' };
      }
      const [member] = await db
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(
          and(
            eq(companyMembers.companyId, companyId),
            eq(companyMembers.userId, auth.userId),
            isNull(companyMembers.bannedAt),
          ),
        );
      if (!member) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      if (roles && !roles.includes(member.role)) {
        throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
      }
      return { role: member.role };
    },
  };
}

/** The conditions under which an access token's sign-in still counts (not revoked, same user). */
export function liveSignIn() {
  return and(
    eq(sessionFamilies.id, sql.placeholder('familyId')),
    eq(sessionFamilies.userId, sql.placeholder('userId')),
    isNull(sessionFamilies.revokedAt),
  );
}
