import { api } from '@/lib/api';
import { loadAuthContracts } from '@/features/auth/api/load-auth-schemas';

export async function logout(): Promise<unknown> {
  const contracts = await loadAuthContracts();
  return api.call(contracts.logout, {});
}
