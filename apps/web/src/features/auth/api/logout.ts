import { api } from '@/lib/api';

export function logout(): Promise<unknown> {
  return api.request('/api/auth/logout', { body: {} });
}
