import type { MyProfile } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthSchemas } from '@/features/auth/api/load-auth-schemas';

export async function getMyProfile(): Promise<MyProfile> {
  const { MyProfileSchema } = await loadAuthSchemas();
  return api.request('/api/user/getMyProfile', { body: {}, schema: MyProfileSchema });
}

export const myProfileQueryKey = ['auth', 'my-profile'] as const;
