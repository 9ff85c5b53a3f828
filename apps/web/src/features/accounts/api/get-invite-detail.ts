import { getInviteMemberCodeDetail } from '@trustleaf/domain/api/team';
import { api } from '@/lib/api';

export const getInviteDetail = (inviteMemberCode: string) =>
  api.call(getInviteMemberCodeDetail, { inviteMemberCode });
