import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { CreateCompanyDialog } from '@/features/accounts/components/create-company-dialog';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { useExtraLocale } from '@/lib/locale-bundle';
import { useAppStore } from '@/stores/app-store';

/** Spec 2 §2: after creating the company the profile is loaded and the user goes to /. */
export function CreateCompanyRoute() {
  useExtraLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = useAppStore((state) => state.account.currentUser?.email);
  const company = useAppStore((state) => state.account.currentCompany);
  // No sign-up information: back to sign-in (spec 2 §2).
  if (!email) return <Navigate to={paths.auth.signIn.getHref()} replace />;
  if (company) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <CreateCompanyDialog
      open
      onCreated={async () => {
        const profile = await getMyProfile();
        useAppStore.getState().setProfile(profile);
        queryClient.setQueryData(myProfileQueryKey, profile);
        await navigate(paths.home.getHref(), { replace: true });
      }}
    />
  );
}
