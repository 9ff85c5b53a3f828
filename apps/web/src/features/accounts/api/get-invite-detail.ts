import { api } from '@/lib/api';
import { loadTeamContracts } from '@/features/accounts/api/load-accounts';

export const getInviteDetail = async (inviteMemberCode: string) =>
  api.call((await loadTeamContracts()).getInviteMemberCodeDetail, { inviteMemberCode });
