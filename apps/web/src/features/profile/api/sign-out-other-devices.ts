import { useMutation } from '@tanstack/react-query';
import { signOutOtherDevices as contract } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';

export const signOutOtherDevices = () => api.call(contract, {});

export const useSignOutOtherDevices = () => useMutation({ mutationFn: signOutOtherDevices });
