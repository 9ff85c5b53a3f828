import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from '@/features/profile/components/account-settings';
import { useAppStore } from '@/stores/app-store';

/** Account tab "account setting" (spec 3 §2). */
export function AccountSettingRoute() {
  const { t } = useTranslation();
  const userId = useAppStore((state) => state.account.currentUser?.plUserId ?? null);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('profile.title')}</Typography>
      {userId !== null ? <AccountSettings userId={userId} /> : null}
    </Stack>
  );
}
