import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import type { verifySignUpCode as contract } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

export const verifySignUpCode = async (input: EndpointInput<typeof contract>) =>
  api.call((await loadAccountsContracts()).verifySignUpCode, input);
