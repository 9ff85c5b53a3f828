import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, sessionFamilies } from '../db/schema.ts';
import { refusal } from './errors.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import type { KeyedMessage } from '@trustleaf/domain/validation-issues';

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
  /**
   * `require` for a call whose input is not validated yet: the company is the one `rawCompanyId`
   * names when it reads as an id. With none readable, a caller who holds none of `roles` in any
   * company is refused all the same; one who does hears what is wrong with the input.
   */
  requireBeforeInput(auth: AuthContext, rawCompanyId: unknown, roles: readonly CompanyRole[]): Promise<void>;
}

/**
 * Who may make a call, checked before its input is validated (`RouteExtras.gate`), so that a caller
 * without the right is refused whatever they send rather than told what is wrong with it. The
 * service checks the same again: it is the authority, and is called from elsewhere too.
 */
export type CallerGate =
  | { superAdmin: KeyedMessage }
  | {
      /** The roles of the company the input's `plCompanyId` names; a function when they depend on the input. */
      companyRoles:
        | readonly CompanyRole[]
        | ((raw: Readonly<Record<string, unknown>>) => readonly CompanyRole[] | undefined);
    };

/** The gate of most super-admin calls (a few answer with a refusal of their own). */
export const SUPER_ADMIN_GATE: CallerGate = { superAdmin: COMMON_REFUSALS.forbidden };

/** The gate of calls for a company's owners and admins (and super admins). */
export const MANAGER_GATE: CallerGate = { companyRoles: ['Company Owner', 'Company Admin'] };

/** A company id as the body (a number) or the query (its digits) carries it, before validation. */
function readCompanyId(raw: unknown): number | null {
  const value = typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Refuses the caller a gated call, from the raw input (body, query and path parameters merged). */
export async function passGate(
  access: CompanyAccess,
  auth: AuthContext,
  gate: CallerGate,
  raw: Readonly<Record<string, unknown>>,
): Promise<void> {
  if ('superAdmin' in gate) {
    if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', gate.superAdmin);
    return;
  }
  const roles = typeof gate.companyRoles === 'function' ? gate.companyRoles(raw) : gate.companyRoles;
  if (roles) await access.requireBeforeInput(auth, raw.plCompanyId, roles);
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

  const access: CompanyAccess = {
    requireCompany,
    async requireBeforeInput(auth, rawCompanyId, roles) {
      // A super admin may call for any company: the input and the service decide the rest.
      if (auth.isSuperAdmin) return;
      const companyId = readCompanyId(rawCompanyId);
      // 0 is "every company", which only a super admin may name.
      if (companyId === 0) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
      if (companyId !== null) {
        await access.require(auth, companyId, roles);
        return;
      }
      const [held] = await db
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(
          and(
            eq(companyMembers.userId, auth.userId),
            inArray(companyMembers.role, [...roles]),
            isNull(companyMembers.bannedAt),
          ),
        )
        .limit(1);
      if (!held) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
    },
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
  return access;
}

/** The conditions under which an access token's sign-in still counts (not revoked, same user). */
export function liveSignIn() {
  return and(
    eq(sessionFamilies.id, sql.placeholder('familyId')),
    eq(sessionFamilies.userId, sql.placeholder('userId')),
    isNull(sessionFamilies.revokedAt),
  );
}
