import { useMutation } from '@tanstack/react-query';
import type { RequestResetPasswordInput } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';
import { loadAuthContracts } from '@/features/auth/api/load-auth-schemas';

export async function requestResetPassword(input: RequestResetPasswordInput): Promise<unknown> {
  const contracts = await loadAuthContracts();
  return api.call(contracts.requestResetPassword, input);
}

export function useRequestResetPassword() {
  return useMutation({ mutationFn: requestResetPassword });
}
