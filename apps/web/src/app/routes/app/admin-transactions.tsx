import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AdminTransactions } from '@/features/billing/components/admin-transactions';
import { FinancialSummary } from '@/features/billing/components/financial-summary';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

/** Super admin → Transactions (issue 20): the monthly summary, then every company's payments. */
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  if (!isSuperAdmin) return <Typography>{t('billing.admin.forbidden')}</Typography>;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('billing.transactions.title')}</Typography>
      <FinancialSummary />
      <AdminTransactions />
    </Stack>
  );
}
