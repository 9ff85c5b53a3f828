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
});

export const inviteMember = endpoint({
  method: 'POST',
  path: '/api/company/inviteMember',
  input: InviteMemberInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Invite someone by email with a role (a 7-day single-use link)',
});

export const resendInvite = endpoint({
  method: 'POST',
  path: '/api/company/resendInvite',
  input: InviteIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Send a pending invite again with a new link (the old link stops working)',
});

export const cancelInvite = endpoint({
  method: 'POST',
  path: '/api/company/cancelInvite',
  input: InviteIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Cancel a pending invite (its link stops working)',
});

export const changeMemberRole = endpoint({
  method: 'POST',
  path: '/api/company/changeMemberRole',
  input: ChangeMemberRoleInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: "Change a member's role (not the owner's, not one's own)",
});

export const removeMember = endpoint({
  method: 'POST',
  path: '/api/company/removeMember',
  input: RemoveMemberInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a member: banned from the company for good, every sign-in ended at once',
});

export const transferOwnership = endpoint({
  method: 'POST',
  path: '/api/company/transferOwnership',
  input: TransferOwnershipInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Make another member the owner; the previous owner becomes a Company Admin',
});

export const getInviteMemberCodeDetail = endpoint({
  method: 'POST',
  path: '/api/company/getInviteMemberCodeDetail',
  input: InviteCodeInputSchema,
  output: InviteDetailSchema,
  access: 'public',
  tag,
  summary: 'What an invite link offers (company, role, inviter), before sign-up or sign-in',
});

export const leaveCompany = endpoint({
  method: 'POST',
  path: '/api/user/leaveCompany',
  input: CompanyIdInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Leave a company (its owner transfers ownership first)',
});

export const joinCompany = endpoint({
  method: 'POST',
  path: '/api/user/joinCompany',
  input: JoinCompanyInputSchema,
  output: z.object({ plCompanyId: IntSchema }),
  access: 'user',
  tag,
  summary: 'Join a company with an invite link addressed to the signed-in user',
});
