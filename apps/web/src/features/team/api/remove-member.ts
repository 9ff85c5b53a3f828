import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { removeMember as contract } from '@trustleaf/domain/api/team';
import { api } from '@/lib/api';
import { useTeamMutation } from './use-team-mutation';

export const removeMember = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useRemoveMember = () => useTeamMutation(removeMember);
