import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { useAppStore } from '@/stores/app-store';

/** Account tabs "user activities" and "activity log" (spec 3 §2): one's own, and the company's for its owner. */
export function ActivityLogRoute() {
  const { t } = useTranslation();
  const company = useAppStore((state) => state.account.currentCompany);
  const isOwner = useAppStore(
    (state) => state.account.currentUser?.memberOfCompany?.roles.includes('Company Owner') ?? false,
  );
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('activity.title')}</Typography>
      <ActivityLog plCompanyId={company?.plCompanyId ?? null} isOwner={isOwner} />
    </Stack>
  );
}
