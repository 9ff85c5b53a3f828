import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getInviteMemberCodeDetail, joinCompany } from '@trustleaf/domain/api/team';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { api, navigateTo } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import { useAppStore } from '@/stores/app-store';

/** A signed-in user opens an invite link (spec 3 §7 joinCompany {inviteToken}). */
export function JoinCompanyRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('inviteToken') ?? '';
  const invite = useQuery({
    queryKey: ['invite', inviteToken],
    enabled: inviteToken !== '',
    retry: false,
    queryFn: () => api.call(getInviteMemberCodeDetail, { inviteMemberCode: inviteToken }),
  });
  const join = useMutation({
    mutationFn: () => api.call(joinCompany, { inviteToken }),
    onSuccess: async () => {
      const profile = await getMyProfile();
      useAppStore.getState().setProfile(profile);
      queryClient.setQueryData(myProfileQueryKey, profile);
      navigateTo(paths.account.memberSetting.getHref());
    },
  });
  // An invitation no longer found is told in the app's own words (its refusal's key is the sign-up
  // pages'); any other refusal by its key.
  const failure = (error: unknown) =>
    error instanceof ApiError && error.code === 'NOT_FOUND' ? t('team.inviteInvalid') : errorText(t, error);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('team.joinTitle')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {inviteToken === '' || invite.isError ? (
          <Alert severity="error">{t('team.inviteInvalid')}</Alert>
        ) : invite.data ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {t('team.joinText', {
                company: invite.data.companyName,
                role: invite.data.role,
                inviter: invite.data.invitedBy,
              })}
            </Typography>
            {join.isError ? <Alert severity="error">{failure(join.error)}</Alert> : null}
            <Button
              variant="contained"
              loading={join.isPending}
              onClick={() => join.mutate()}
              data-testid="join-company"
            >
              {t('team.join')}
            </Button>
          </Stack>
        ) : (
          <Typography>{t('team.loading')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}
