import { AUTH_REFUSALS } from '../refusals.ts';
import type { KeyedMessage } from '../validation-issues.ts';

/**
 * Company status (spec 3 §4 "Other statuses": DEFAULT, CANCELED, SUSPENDED, TERMINATED, ACTIVE) and
 * what each means for signing in. The spec leaves the allowed moves open; these are ours:
 * - ACTIVE (and DEFAULT, a company never set otherwise): members sign in as usual;
 * - CANCELED: the company stopped its service; members still sign in, to subscribe again;
 * - SUSPENDED: members cannot sign in and their open sessions end at once; ACTIVE lifts it;
 * - TERMINATED: as SUSPENDED, for good: no move leaves TERMINATED.
 */
export const COMPANY_STATUSES = ['DEFAULT', 'CANCELED', 'SUSPENDED', 'TERMINATED', 'ACTIVE'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** The statuses a super admin sets (DEFAULT is only the initial one). */
export const SETTABLE_COMPANY_STATUSES = ['ACTIVE', 'SUSPENDED', 'CANCELED', 'TERMINATED'] as const;
export type SettableCompanyStatus = (typeof SETTABLE_COMPANY_STATUSES)[number];

/** Why members of a company in this status cannot sign in, with its locale key. */
export const COMPANY_SIGN_IN_REFUSED: Partial<Record<CompanyStatus, KeyedMessage>> = {
  SUSPENDED: AUTH_REFUSALS.companySuspended,
  TERMINATED: AUTH_REFUSALS.companyTerminated,
};

/** Whether members of a company in this status may sign in (and keep their sessions). */
export function companyAllowsSignIn(status: CompanyStatus): boolean {
  return COMPANY_SIGN_IN_REFUSED[status] === undefined;
}

/** Why a move is refused (with its locale key), or null when it is allowed. */
export function companyStatusMoveError(from: CompanyStatus, to: CompanyStatus): KeyedMessage | null {
  if (from === to) {
    return {
      key: 'adminCompanies.refusals.alreadyStatus',
      message: `The company is already ${to}.`,
      params: { status: to },
    };
  }
  if (from === 'TERMINATED') {
    return {
      key: 'adminCompanies.refusals.terminated',
      message: 'A terminated company cannot change status.',
    };
  }
  return null;
}

/** Spec 3 §8: changing the business type resets part of the qredibility forms, so it is confirmed. */
export const CHANGE_BUSINESS_TYPE_PROMPT =
  'Changing the business type resets part of the qredibility forms. Do you want to continue?';
