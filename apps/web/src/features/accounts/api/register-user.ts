import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { register } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

export const registerUser = (input: EndpointInput<typeof register>) => api.call(register, input);
