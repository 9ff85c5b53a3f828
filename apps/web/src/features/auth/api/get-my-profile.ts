import type { MyProfile } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthContracts } from '@/features/auth/api/load-auth-schemas';

export async function getMyProfile(): Promise<MyProfile> {
  const contracts = await loadAuthContracts();
  return api.call(contracts.getMyProfile, {});
}

export const myProfileQueryKey = ['auth', 'my-profile'] as const;
