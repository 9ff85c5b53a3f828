import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { useActingCompany, useAppStore } from '@/stores/app-store';
import { isSuperAdminOf } from '@/features/billing/components/use-feature-status';

/** Account tabs "user activities" and "activity log" (spec 3 §2): one's own, and the company's for its owner. */
export function ActivityLogRoute() {
  const { t } = useTranslation();
  const company = useActingCompany();
  // A super admin reads any company's whole log, as its owner does.
  const isOwner = useAppStore(
    (state) =>
      (state.account.currentUser?.memberOfCompany?.roles.includes('Company Owner') ?? false) ||
      isSuperAdminOf(state),
  );
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('activity.title')}</Typography>
      <ActivityLog plCompanyId={company?.plCompanyId ?? null} isOwner={isOwner} />
    </Stack>
  );
}
