import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getTeamMembers } from '@trustleaf/domain/api/team';
import { TEAM_CHANGED_EVENT } from '@trustleaf/domain/schemas/activity';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-provider';

export const getTeam = (plCompanyId: number) => api.call(getTeamMembers, { plCompanyId });

export function getTeamQueryOptions(plCompanyId: number) {
  return queryOptions({ queryKey: ['team', plCompanyId] as const, queryFn: () => getTeam(plCompanyId) });
}

export function useTeam(plCompanyId: number) {
  const queryClient = useQueryClient();
  // A change made elsewhere (an invite accepted, a member removed by another admin) shows at once.
  useLiveEvent(TEAM_CHANGED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: getTeamQueryOptions(plCompanyId).queryKey, exact: true });
  });
  return useQuery({
    ...getTeamQueryOptions(plCompanyId),
    // Others change the team (an invite accepted elsewhere): opening the page shows it as it is now.
    refetchOnMount: 'always',
  });
}
