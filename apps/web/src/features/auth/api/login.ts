import type { LoginInput, Session } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthContracts } from '@/features/auth/api/load-auth-schemas';

export async function login(input: LoginInput): Promise<Session> {
  const contracts = await loadAuthContracts();
  return api.call(contracts.login, input);
}
