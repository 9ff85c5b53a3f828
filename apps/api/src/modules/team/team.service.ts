import type { InviteMemberInputSchema } from '@trustleaf/domain/schemas/accounts';
import type { RemoveMemberInput } from '@trustleaf/domain/schemas/company';
import {
  TEAM_REFUSALS,
  type ChangeMemberRoleInput,
  type InviteIdInput,
  type Team,
  type TransferOwnershipInput,
} from '@trustleaf/domain/schemas/team';
import type { RoleName } from '@trustleaf/domain/rules/roles';
import type { z } from 'zod';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import { INVITE_TTL_MS, inviteTokenHash, newInviteLink } from '../../lib/invites.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { inviteMail } from '../mail/accounts.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { TeamRepository } from './team.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const MANAGERS = ['Company Owner', 'Company Admin'] as const;

export interface TeamServiceDeps {
  companyAccess: CompanyAccess;
  repo: TeamRepository;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  /** Ends every sign-in of the user, their live sockets included. */
  revokeUserSessions: (userId: number, reason: string) => Promise<unknown>;
  record: RecordActivity;
}

/**
 * The member setting tab (spec 3 §2, §6). Owners and admins manage the team; only the owner's own
 * transfer moves ownership, so a company always has exactly one owner. Each change is in the
 * company's activity log.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { companyAccess, repo, clock, record } = deps;

  async function companyName(companyId: number): Promise<string> {
    const name = await repo.findCompanyName(companyId);
    if (name === null) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
    return name;
  }

  /**
   * Mails a fresh invite link and records `action`; `store` keeps the link's hash and expiry (a new
   * invite, or a pending one renewed) and answers false when the invite is gone.
   */
  async function mailInvite(
    auth: AuthContext,
    invite: { companyId: number; email: string; role: RoleName },
    action: 'MEMBER_INVITED' | 'INVITE_RESENT',
    /** Stores the invite with the emailed link's token: false when there is none to renew. */
    store: (tokenHash: string, expiresAt: Date, now: Date) => Promise<boolean | 'standing'>,
  ): Promise<void> {
    const name = await companyName(invite.companyId);
    const now = clock.now();
    // Written in the language of the person inviting, who knows what the invited person reads.
    const language = mailLanguage(await repo.findUserLanguage(auth.userId));
    const { token, link } = newInviteLink(deps.appUrl);
    const mail = {
      to: invite.email,
      ...renderMail(inviteMail, language, { companyName: name, role: invite.role, link }),
    };
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    const stored = await store(inviteTokenHash(token), expiresAt, now);
    if (!stored) throw refusal('NOT_FOUND', TEAM_REFUSALS.inviteNotFound);
    // The same invite made a moment ago stands, and its email is the one to use.
    if (stored === 'standing') return;
    await deps.mailer.send(mail);
    await record({
      action,
      actorUserId: auth.userId,
      companyId: invite.companyId,
      detail: { email: invite.email, role: invite.role },
    });
  }

  return {
    async getTeamMembers(auth: AuthContext, plCompanyId: number): Promise<Team> {
      const { role } = await companyAccess.require(auth, plCompanyId);
      const canManage = role === 'Super Admin' || (MANAGERS as readonly string[]).includes(role);
      const now = clock.now();
      const [members, invites] = await Promise.all([
        repo.listMembers(plCompanyId),
        canManage ? repo.listPendingInvites(plCompanyId) : Promise.resolve([]),
      ]);
      return {
        members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
        invites: invites.map((invite) => ({
          plInviteId: invite.id,
          email: invite.email,
          role: invite.role,
          invitedBy: invite.inviterFirstName
            ? `${invite.inviterFirstName} ${invite.inviterLastName ?? ''}`.trim()
            : '',
          createdAt: invite.createdAt.toISOString(),
          expiresAt: invite.expiresAt.toISOString(),
          isExpired: invite.expiresAt <= now,
        })),
        canManage,
        canTransferOwnership: role === 'Super Admin' || role === 'Company Owner',
      };
    },

    async inviteMember(auth: AuthContext, input: z.output<typeof InviteMemberInputSchema>): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const existing = await repo.findUserIdByEmail(input.email);
      const membership = existing === null ? null : await repo.findMembership(input.plCompanyId, existing);
      if (membership?.bannedAt) throw refusal('CONFLICT', TEAM_REFUSALS.banned);
      if (membership) throw refusal('CONFLICT', TEAM_REFUSALS.alreadyMember);
      const invite = { companyId: input.plCompanyId, email: input.email, role: input.role };
      await mailInvite(auth, invite, 'MEMBER_INVITED', async (tokenHash, expiresAt, now) => {
        const inserted = await repo.insertInvite({
          ...invite,
          tokenHash,
          invitedBy: auth.userId,
          expiresAt,
          createdAt: now,
        });
        return inserted || 'standing';
      });
    },

    async resendInvite(auth: AuthContext, input: InviteIdInput): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const invite = await repo.findPendingInvite(input.plCompanyId, input.plInviteId);
      if (!invite) throw refusal('NOT_FOUND', TEAM_REFUSALS.inviteNotFound);
      const { email, role } = invite;
      await mailInvite(
        auth,
        { companyId: input.plCompanyId, email, role },
        'INVITE_RESENT',
        (tokenHash, expiresAt, now) =>
          repo.renewInvite(input.plCompanyId, invite.id, tokenHash, expiresAt, now),
      );
    },

    async cancelInvite(auth: AuthContext, input: InviteIdInput): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const removed = await repo.deletePendingInvite(input.plCompanyId, input.plInviteId);
      if (!removed) throw refusal('NOT_FOUND', TEAM_REFUSALS.inviteNotFound);
      await record({
        action: 'INVITE_CANCELED',
        actorUserId: auth.userId,
        companyId: input.plCompanyId,
        detail: { email: removed.email },
      });
    },

    async changeMemberRole(auth: AuthContext, input: ChangeMemberRoleInput): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      if (input.plUserId === auth.userId) throw refusal('FORBIDDEN', TEAM_REFUSALS.ownRole);
      const membership = await repo.findMembership(input.plCompanyId, input.plUserId);
      if (!membership || membership.bannedAt) throw refusal('NOT_FOUND', TEAM_REFUSALS.memberNotFound);
      if (membership.role === 'Company Owner') throw refusal('FORBIDDEN', TEAM_REFUSALS.ownerRoleFixed);
      if (membership.role === input.role) return;
      if (!(await repo.setRoleUnlessOwner(input.plCompanyId, input.plUserId, input.role))) {
        // Became the owner (a transfer) or left between the read and the update.
        throw refusal('CONFLICT', TEAM_REFUSALS.ownerRoleFixed);
      }
      await record({
        action: 'MEMBER_ROLE_CHANGED',
        actorUserId: auth.userId,
        subjectUserId: input.plUserId,
        companyId: input.plCompanyId,
        detail: { from: membership.role, to: input.role },
      });
    },

    /** Removal bans the member from the company for good and ends every sign-in they hold at once. */
    async removeMember(auth: AuthContext, input: RemoveMemberInput): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      if (input.plUserId === auth.userId) throw refusal('FORBIDDEN', TEAM_REFUSALS.removeSelf);
      const membership = await repo.findMembership(input.plCompanyId, input.plUserId);
      if (!membership || membership.bannedAt) throw refusal('NOT_FOUND', TEAM_REFUSALS.memberNotFound);
      if (membership.role === 'Company Owner') {
        throw refusal('FORBIDDEN', TEAM_REFUSALS.ownerCannotBeRemoved);
      }
      if (!(await repo.banUnlessOwner(input.plCompanyId, input.plUserId, clock.now()))) {
        throw refusal('CONFLICT', TEAM_REFUSALS.ownerCannotBeRemoved);
      }
      await deps.revokeUserSessions(input.plUserId, 'removed from company');
      await record({
        action: 'MEMBER_REMOVED',
        actorUserId: auth.userId,
        subjectUserId: input.plUserId,
        companyId: input.plCompanyId,
        detail: { role: membership.role },
      });
    },

    /**
     * The owner (or a super admin) hands the company to another member; the previous owner stays as
     * a Company Admin. The member rows are locked so two transfers cannot both succeed.
     */
    async transferOwnership(auth: AuthContext, input: TransferOwnershipInput): Promise<void> {
      await companyAccess.require(auth, input.plCompanyId, ['Company Owner']);
      const previousOwner = await repo.transaction(async (tx) => {
        const members = await tx.lockMembers(input.plCompanyId);
        const owner = members.find((member) => member.role === 'Company Owner');
        const target = members.find((member) => member.userId === input.plUserId);
        if (!target) throw refusal('NOT_FOUND', TEAM_REFUSALS.memberNotFound);
        if (target.role === 'Company Owner') throw refusal('CONFLICT', TEAM_REFUSALS.alreadyOwner);
        if (!auth.isSuperAdmin && owner?.userId !== auth.userId) {
          throw refusal('FORBIDDEN', TEAM_REFUSALS.onlyOwnerTransfers);
        }
        if (owner) await tx.setRole(input.plCompanyId, owner.userId, 'Company Admin');
        await tx.setRole(input.plCompanyId, input.plUserId, 'Company Owner');
        return owner?.userId ?? null;
      });
      await record({
        action: 'OWNERSHIP_TRANSFERRED',
        actorUserId: auth.userId,
        subjectUserId: input.plUserId,
        companyId: input.plCompanyId,
        detail: { previousOwnerId: previousOwner },
      });
    },

    async leaveCompany(auth: AuthContext, plCompanyId: number): Promise<void> {
      const membership = await repo.findMembership(plCompanyId, auth.userId);
      if (!membership || membership.bannedAt) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      if (membership.role === 'Company Owner') throw refusal('FORBIDDEN', TEAM_REFUSALS.ownerCannotLeave);
      if (!(await repo.deleteMemberUnlessOwner(plCompanyId, auth.userId))) {
        throw refusal('FORBIDDEN', TEAM_REFUSALS.ownerCannotLeave);
      }
      await record({
        action: 'MEMBER_LEFT',
        actorUserId: auth.userId,
        companyId: plCompanyId,
        detail: { role: membership.role },
      });
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
