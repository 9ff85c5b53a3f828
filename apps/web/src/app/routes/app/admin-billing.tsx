import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AdminBillingConsole } from '@/features/billing/components/admin-billing-console';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

export function AdminBillingRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  if (!isSuperAdmin) return <Typography>{t('billing.admin.forbidden')}</Typography>;
  return <AdminBillingConsole />;
}
