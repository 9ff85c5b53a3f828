import { z } from 'zod';
import { InviteCodeInputSchema, InviteDetailSchema, InviteMemberInputSchema } from '../schemas/accounts.ts';
import { IntSchema } from '../schemas/common.ts';
import { CompanyIdInputSchema, RemoveMemberInputSchema } from '../schemas/company.ts';
import {
  ChangeMemberRoleInputSchema,
  InviteIdInputSchema,
  JoinCompanyInputSchema,
  TeamQuerySchema,
  TeamSchema,
  TransferOwnershipInputSchema,
} from '../schemas/team.ts';
import { endpoint } from './endpoint.ts';

/**
 * The member setting tab (spec 3 §2 account tabs, §6 roles, §7 company wrappers). Managing the team
 * (invites, roles, removal) is for the company's owners and admins; transferring ownership for its
 * owner; a super admin may do both for any company.
 */
const tag = 'team';
const OkSchema = z.object({ ok: z.literal(true) });

export const getTeamMembers = endpoint({
  method: 'GET',
  path: '/api/company/getTeamMembers',
  input: TeamQuerySchema,
  output: TeamSchema,
  access: 'user',
  tag,
  summary: "The company's members with their roles, and its pending invites",
  description:
    'Any member of the company (or a super admin) reads its members with their roles; owners, admins and super admins also get the pending invites. `canManage` and `canTransferOwnership` say what the caller may do.',
});

export const inviteMember = endpoint({
  method: 'POST',
  path: '/api/company/inviteMember',
  input: InviteMemberInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Invite someone by email with a role (a 7-day single-use link)',
  description:
    'Owners and admins invite an email address with a role (Company Admin, User or Weak User). A new invite to the same address replaces a pending one. Refused with 409 for a current member, and for a member removed from the company (a permanent ban).',
  errors: ['CONFLICT'],
});

export const resendInvite = endpoint({
  method: 'POST',
  path: '/api/company/resendInvite',
  input: InviteIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Send a pending invite again with a new link (the old link stops working)',
  description:
    'Owners and admins send a pending invite again: it gets a new 7-day link, and the link sent before stops working.',
});

export const cancelInvite = endpoint({
  method: 'POST',
  path: '/api/company/cancelInvite',
  input: InviteIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Cancel a pending invite (its link stops working)',
  description: 'Owners and admins cancel a pending invite; its link stops working at once.',
});

export const changeMemberRole = endpoint({
  method: 'POST',
  path: '/api/company/changeMemberRole',
  input: ChangeMemberRoleInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: "Change a member's role (not the owner's, not one's own)",
  description:
    "Owners and admins give a member the role Company Admin, User or Weak User. The owner's role moves only by transferring ownership, and nobody changes their own role (403).",
  errors: ['CONFLICT'],
});

export const removeMember = endpoint({
  method: 'POST',
  path: '/api/company/removeMember',
  input: RemoveMemberInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a member: banned from the company for good, every sign-in ended at once',
  description:
    'Owners and admins remove a member (spec 3 §6): the member is banned from the company for good (no new invite, no older link lets them back) and every sign-in and live socket of theirs ends at once. The owner cannot be removed; one leaves rather than removing oneself (403).',
  errors: ['CONFLICT'],
});

export const transferOwnership = endpoint({
  method: 'POST',
  path: '/api/company/transferOwnership',
  input: TransferOwnershipInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Make another member the owner; the previous owner becomes a Company Admin',
  description:
    'The owner (or a super admin) makes another current member the owner; the previous owner stays as a Company Admin. A company always has exactly one owner: concurrent transfers are serialised.',
  errors: ['CONFLICT'],
});

export const getInviteMemberCodeDetail = endpoint({
  method: 'POST',
  path: '/api/company/getInviteMemberCodeDetail',
  input: InviteCodeInputSchema,
  output: InviteDetailSchema,
  access: 'public',
  tag,
  summary: 'What an invite link offers (company, role, inviter), before sign-up or sign-in',
  description:
    "Public: the invite link's token opens the company name, the role and the inviter's name, for the sign-up or join page. 404 when the link was used, cancelled, replaced or expired.",
});

export const leaveCompany = endpoint({
  method: 'POST',
  path: '/api/user/leaveCompany',
  input: CompanyIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Leave a company (its owner transfers ownership first)',
  description: 'A member leaves the company. Its owner is refused (403) until ownership is transferred.',
});

export const joinCompany = endpoint({
  method: 'POST',
  path: '/api/user/joinCompany',
  input: JoinCompanyInputSchema,
  output: z.object({ plCompanyId: IntSchema }),
  access: 'user',
  tag,
  summary: 'Join a company with an invite link addressed to the signed-in user',
  description:
    'A signed-in user without a company joins with an invite link sent to their own email address. Refused for a user who already belongs to a company (409) and for a member removed from that company (403).',
  errors: ['CONFLICT'],
});
