import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import {
  cancelInvite,
  changeMemberRole,
  getTeamMembers,
  inviteMember,
  leaveCompany,
  removeMember,
  resendInvite,
  transferOwnership,
} from '@trustleaf/domain/api/team';
import { TEAM_CHANGED_EVENT } from '@trustleaf/domain/schemas/activity';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-provider';

export const teamKeys = { team: (plCompanyId: number) => ['team', plCompanyId] as const };

export function useTeam(plCompanyId: number) {
  const queryClient = useQueryClient();
  // A change made elsewhere (an invite accepted, a member removed by another admin) shows at once.
  useLiveEvent(TEAM_CHANGED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.team(plCompanyId) });
  });
  return useQuery({
    queryKey: teamKeys.team(plCompanyId),
    queryFn: () => api.call(getTeamMembers, { plCompanyId }),
    // Others change the team (an invite accepted elsewhere): opening the page shows it as it is now.
    refetchOnMount: 'always',
  });
}

/** One mutation per team call; each reloads the team. */
function useTeamMutation<I extends { plCompanyId: number }>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: teamKeys.team(input.plCompanyId) }),
  });
}

export const useInviteMember = () =>
  useTeamMutation((input: EndpointInput<typeof inviteMember> & { plCompanyId: number }) =>
    api.call(inviteMember, input),
  );
export const useResendInvite = () =>
  useTeamMutation((input: EndpointInput<typeof resendInvite>) => api.call(resendInvite, input));
export const useCancelInvite = () =>
  useTeamMutation((input: EndpointInput<typeof cancelInvite>) => api.call(cancelInvite, input));
export const useChangeMemberRole = () =>
  useTeamMutation((input: EndpointInput<typeof changeMemberRole>) => api.call(changeMemberRole, input));
export const useRemoveMember = () =>
  useTeamMutation((input: EndpointInput<typeof removeMember>) => api.call(removeMember, input));
export const useTransferOwnership = () =>
  useTeamMutation((input: EndpointInput<typeof transferOwnership>) => api.call(transferOwnership, input));
export const useLeaveCompany = () =>
  useTeamMutation((input: EndpointInput<typeof leaveCompany>) => api.call(leaveCompany, input));
