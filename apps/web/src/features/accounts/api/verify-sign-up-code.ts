import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { verifySignUpCode as contract } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

export const verifySignUpCode = (input: EndpointInput<typeof contract>) => api.call(contract, input);
