import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { TeamPanel } from '@/features/team/components/team-panel';
import { navigateTo } from '@/lib/api';
import { useActingCompany, useAppStore } from '@/stores/app-store';

/** Account tab "member setting" (spec 3 §2). */
export function MemberSettingRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = useActingCompany();
  const userId = useAppStore((state) => state.account.currentUser?.plUserId ?? null);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('team.title')}</Typography>
      {company && userId !== null ? (
        <TeamPanel
          plCompanyId={company.plCompanyId}
          currentUserId={userId}
          onLeft={() =>
            void getMyProfile().then((profile) => {
              useAppStore.getState().setProfile(profile);
              queryClient.setQueryData(myProfileQueryKey, profile);
              navigateTo(paths.home.getHref());
            })
          }
        />
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </Stack>
  );
}
