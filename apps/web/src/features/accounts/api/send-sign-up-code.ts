import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import type { signUpCode } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

/** Spec 1 §7 resendSignUpCode; the first send is the same call. */
export const sendSignUpCode = async (input: EndpointInput<typeof signUpCode>) =>
  api.call((await loadAccountsContracts()).signUpCode, input);
