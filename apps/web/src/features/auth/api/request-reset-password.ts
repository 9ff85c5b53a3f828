import { useMutation } from '@tanstack/react-query';
import type { RequestResetPasswordInput } from '@trustleaf/domain/schemas/auth';
import { api } from '@/lib/api';

export function requestResetPassword(input: RequestResetPasswordInput): Promise<unknown> {
  return api.request('/api/user/requestResetPassword', { body: input, auth: false });
}

export function useRequestResetPassword() {
  return useMutation({ mutationFn: requestResetPassword });
}
