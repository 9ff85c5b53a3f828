import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { inviteMember as contract } from '@trustleaf/domain/api/team';
import { api } from '@/lib/api';
import { useTeamMutation } from './use-team-mutation';

export const inviteMember = (input: EndpointInput<typeof contract> & { plCompanyId: number }) =>
  api.call(contract, input);

export const useInviteMember = () => useTeamMutation(inviteMember);
