import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthContracts } from '@/features/auth/api/load-auth-schemas';

export async function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  const contracts = await loadAuthContracts();
  return api.call(contracts.resetPassword, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
