import { getProspectDetail as contract } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

export const getProspectDetail = (claimCode: string) => api.call(contract, { claimCode });
