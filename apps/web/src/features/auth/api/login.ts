import type { LoginInput, Session } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthSchemas } from '@/features/auth/api/load-auth-schemas';

export async function login(input: LoginInput): Promise<Session> {
  const { SessionSchema } = await loadAuthSchemas();
  return api.request('/api/auth/login', { body: input, auth: false, schema: SessionSchema });
}
