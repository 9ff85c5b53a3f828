import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';

export function getMyProfileQueryOptions() {
  return queryOptions({ queryKey: myProfileQueryKey, queryFn: getMyProfile });
}

/** Kept apart from getMyProfile so the sign-in page, which only calls it, doesn't load useQuery. */
export function useMyProfile(enabled = true) {
  return useQuery({ ...getMyProfileQueryOptions(), enabled });
}
