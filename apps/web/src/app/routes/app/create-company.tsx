import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { CreateCompanyDialog } from '@/features/accounts/components/create-company-dialog';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { navigateTo } from '@/lib/api';
import { useExtraLocale } from '@/lib/locale-bundle';
import { useAppStore } from '@/stores/app-store';

/**
 * Spec 2 §2: after creating the company the profile is loaded and the user goes to /. AppRoot sends users
 * without a session to sign-in and users without a company here. (No react-router import: in this chunk
 * it made the bundler split the router out of the sign-in page's entry, over its budget.)
 */
export function CreateCompanyRoute() {
  useExtraLocale();
  const queryClient = useQueryClient();
  const hasCompany = useAppStore((state) => state.account.currentCompany !== null);
  useEffect(() => {
    if (hasCompany) navigateTo(paths.home.getHref());
  }, [hasCompany]);
  return (
    <CreateCompanyDialog
      open={!hasCompany}
      onCreated={async () => {
        const profile = await getMyProfile();
        useAppStore.getState().setProfile(profile);
        queryClient.setQueryData(myProfileQueryKey, profile);
        navigateTo(paths.home.getHref());
      }}
    />
  );
}
