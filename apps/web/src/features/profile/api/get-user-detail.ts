import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserDetail } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';

export function getUserDetailQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['user-detail', userId] as const,
    queryFn: () => api.call(getUserDetail, { userId }),
  });
}

export const useUserDetail = (userId: number) => useQuery(getUserDetailQueryOptions(userId));
