import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

export const getProspectDetail = async (claimCode: string) =>
  api.call((await loadAccountsContracts()).getProspectDetail, { claimCode });
