import { keyedMessages } from '@trustleaf/domain/validation-issues';
import type {
  SetUserDisabledInput,
  UserAdminResult,
  UserListing,
  UserListingInputSchema,
} from '@trustleaf/domain/schemas/admin';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import { requireSuperAdmin } from '../companies/companies.service.ts';
import type { ProfileService } from './profile.service.ts';
import type { UserAdminRepository } from './user-admin.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** A super admin's refusals about users (409) with their locale keys (`adminUsers.refusals.*`). */
const USER_ADMIN_REFUSALS = keyedMessages('adminUsers.refusals', {
  ownAccount: 'You cannot disable your own account.',
  ownSessions: 'You cannot end your own sessions here.',
  noPendingEmail: 'This user has no email address waiting for verification.',
});

export interface UserAdminServiceDeps {
  repo: UserAdminRepository;
  profile: Pick<ProfileService, 'resendEmailChangeCode'>;
  clock: Clock;
  record: RecordActivity;
  /** Ends every sign-in of the user, live sockets included; returns how many. */
  revokeUserSessions: (userId: number, reason: string) => Promise<number>;
}

/** The super admin's users screen (spec 3 §2 admin): search, disable, end sessions, resend verification. */
export function createUserAdminService(deps: UserAdminServiceDeps) {
  const { repo, clock, record } = deps;

  async function userOrNotFound(userId: number) {
    const user = await repo.findUser(userId);
    if (!user) throw refusal('NOT_FOUND', COMMON_REFUSALS.userNotFound);
    return user;
  }

  /**
   * Records a super admin's action on a user and answers the user's state after it; `signedOut` (the
   * sign-ins it ended) is the record's detail when the action ends any.
   */
  async function recorded(
    auth: AuthContext,
    userId: number,
    action: Parameters<RecordActivity>[0]['action'],
    status: UserAdminResult['status'],
    signedOut?: number,
  ): Promise<UserAdminResult> {
    await record({
      action,
      actorUserId: auth.userId,
      subjectUserId: userId,
      companyId: null,
      ...(signedOut === undefined ? {} : { detail: { signedOut } }),
    });
    return { plUserId: userId, status, signedOut: signedOut ?? 0 };
  }

  return {
    async userListing(
      auth: AuthContext,
      input: z.output<typeof UserListingInputSchema>,
    ): Promise<UserListing> {
      requireSuperAdmin(auth);
      const { currentPage, itemsPerPage, ...filter } = input;
      return repo.listUsers(filter, {
        offset: (currentPage - 1) * itemsPerPage,
        limit: itemsPerPage,
        now: clock.now(),
      });
    },

    /** A disabled account loses its sign-ins at once, and login refuses it until it is enabled. */
    async setUserDisabled(auth: AuthContext, input: SetUserDisabledInput): Promise<UserAdminResult> {
      requireSuperAdmin(auth);
      const user = await userOrNotFound(input.plUserId);
      if (input.disabled && user.id === auth.userId) {
        throw refusal('CONFLICT', USER_ADMIN_REFUSALS.ownAccount);
      }
      await repo.setDisabled(user.id, input.disabled ? (user.disabledAt ?? clock.now()) : null);
      const signedOut = input.disabled ? await deps.revokeUserSessions(user.id, 'account disabled') : 0;
      const action = input.disabled ? 'USER_DISABLED' : 'USER_ENABLED';
      return recorded(auth, user.id, action, input.disabled ? 'DISABLED' : 'ACTIVE', signedOut);
    },

    async endUserSessions(auth: AuthContext, userId: number): Promise<UserAdminResult> {
      requireSuperAdmin(auth);
      const user = await userOrNotFound(userId);
      // It would end the very session that asks; the account settings sign out the other devices.
      if (user.id === auth.userId) {
        throw refusal('CONFLICT', USER_ADMIN_REFUSALS.ownSessions);
      }
      const signedOut = await deps.revokeUserSessions(user.id, 'ended by an administrator');
      const status = user.disabledAt ? 'DISABLED' : 'ACTIVE';
      return recorded(auth, user.id, 'USER_SESSIONS_ENDED', status, signedOut);
    },

    async resendVerification(auth: AuthContext, userId: number): Promise<UserAdminResult> {
      requireSuperAdmin(auth);
      const user = await userOrNotFound(userId);
      if (!(await deps.profile.resendEmailChangeCode(user.id))) {
        throw refusal('CONFLICT', USER_ADMIN_REFUSALS.noPendingEmail);
      }
      return recorded(auth, user.id, 'VERIFICATION_RESENT', user.disabledAt ? 'DISABLED' : 'ACTIVE');
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
