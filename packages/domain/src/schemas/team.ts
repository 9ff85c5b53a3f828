import { z } from 'zod';
import { AssignableRoleSchema, INVITE_ROLES } from './accounts.ts';
import { keyedMessages } from '../validation-issues.ts';
import { IdSchema, IntSchema, QueryIdSchema, TextSchema } from './common.ts';

/**
 * The account's member setting tab (spec 3 §2, §6): members with their roles, pending invites, role
 * changes, removal (a permanent ban) and ownership transfer. Only owners and admins manage the team;
 * a company always keeps exactly one owner.
 */
export const COMPANY_ROLES = ['Company Owner', 'Company Admin', 'User', 'Weak User'] as const;
export type CompanyRoleName = (typeof COMPANY_ROLES)[number];
/** Roles an owner or admin may give (the owner's role moves only by transferring ownership). */
export const ASSIGNABLE_ROLES = INVITE_ROLES;
export { AssignableRoleSchema };

/** Spec 3 §6 "Removing a member bans them permanently from the company". */
export const REMOVE_MEMBER_CONFIRMATION =
  'Are you sure you want to remove this member? They will be banned from the company permanently and signed out at once.';

export const MESSAGES = {
  ownerCannotBeRemoved: 'The company owner cannot be removed',
  removeSelf: 'Use "Leave company" to remove yourself',
  ownerRoleFixed: "The company owner's role changes only by transferring ownership",
  ownRole: 'You cannot change your own role',
  onlyOwnerTransfers: 'Only the company owner can transfer ownership',
  alreadyOwner: 'This member already owns the company',
  memberNotFound: 'Member not found',
  inviteNotFound: 'Invitation not found',
  alreadyMember: 'This person is already a member of the company',
  banned: 'This person was removed from the company and cannot rejoin',
  bannedJoin: 'You were removed from this company and cannot rejoin',
  ownerCannotLeave: 'The company owner cannot leave the company. Transfer ownership first.',
} as const;

/** The team's refusals with their locale keys (`team.messages.*`), for the web to show by key. */
export const TEAM_REFUSALS = keyedMessages('team.messages', MESSAGES);

export const TeamQuerySchema = z.object({ plCompanyId: QueryIdSchema });

export const TeamMemberSchema = z.object({
  plUserId: IntSchema,
  firstName: TextSchema,
  lastName: TextSchema,
  email: TextSchema,
  role: z.enum(COMPANY_ROLES),
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const PendingInviteSchema = z.object({
  plInviteId: IntSchema,
  email: TextSchema,
  role: z.enum(ASSIGNABLE_ROLES),
  invitedBy: TextSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  isExpired: z.boolean(),
});
export type PendingInvite = z.infer<typeof PendingInviteSchema>;

export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invites: z.array(PendingInviteSchema),
  /** Whether the caller may invite, change roles, remove and cancel (owners, admins, super admins). */
  canManage: z.boolean(),
  /** Whether the caller may transfer ownership (the owner, or a super admin). */
  canTransferOwnership: z.boolean(),
});
export type Team = z.infer<typeof TeamSchema>;

export const ChangeMemberRoleInputSchema = z.object({
  plCompanyId: IdSchema,
  plUserId: IdSchema,
  role: AssignableRoleSchema,
});
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInputSchema>;

export const TransferOwnershipInputSchema = z.object({ plCompanyId: IdSchema, plUserId: IdSchema });
export type TransferOwnershipInput = z.infer<typeof TransferOwnershipInputSchema>;

export const InviteIdInputSchema = z.object({ plCompanyId: IdSchema, plInviteId: IdSchema });
export type InviteIdInput = z.infer<typeof InviteIdInputSchema>;

/** Spec 3 §7 `/api/user/joinCompany {inviteToken}`. */
export const JoinCompanyInputSchema = z.object({
  inviteToken: TextSchema.trim().min(1, 'The invitation link is incomplete').max(128),
});
export type JoinCompanyInput = z.infer<typeof JoinCompanyInputSchema>;
