import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { login } from '@/features/auth/api/login';
import { useAppStore } from '@/stores/app-store';

/** The stored referral item (spec 1 §4 step 6) that a finished sign-up removes. */
export const REFERRAL_STORAGE_KEY = 'trustleaf.referral';

/** Spec 1 §4 steps 5–8: sign in with the entered credentials, drop the referral, load the profile, go to /. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (email: string, password: string) => {
    const session = await login({ email, password });
    useAppStore.getState().setSession(session);
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
    const profile = await getMyProfile();
    useAppStore.getState().setProfile(profile);
    queryClient.setQueryData(myProfileQueryKey, profile);
    await navigate(paths.home.getHref(), { replace: true });
  };
}
