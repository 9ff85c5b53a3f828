import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { signUpCode } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

/** Spec 1 §7 resendSignUpCode; the first send is the same call. */
export const sendSignUpCode = (input: EndpointInput<typeof signUpCode>) => api.call(signUpCode, input);
