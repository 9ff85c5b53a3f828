import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { createCompany as contract } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

export const createCompany = (input: EndpointInput<typeof contract>) => api.call(contract, input);
