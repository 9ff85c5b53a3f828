import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';

export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.request('/api/user/resetPassword', { body: input, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
