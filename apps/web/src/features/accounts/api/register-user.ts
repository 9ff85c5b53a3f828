import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import type { register } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

export const registerUser = async (input: EndpointInput<typeof register>) =>
  api.call((await loadAccountsContracts()).register, input);
