import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CompaniesConsole } from '@/features/admin-companies/components/companies-console';
import { UsersConsole } from '@/features/admin-companies/components/users-console';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

/** Admin tab "Companies" (issue 20, spec 3 §2 admin tabs). */
export function AdminCompaniesRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('adminCompanies.title')}</Typography>
      {isSuperAdmin ? <CompaniesConsole /> : <Typography>{t('adminCompanies.forbidden')}</Typography>}
    </Stack>
  );
}

/** Admin tab "Users". */
export function AdminUsersRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('adminUsers.title')}</Typography>
      {isSuperAdmin ? <UsersConsole /> : <Typography>{t('adminCompanies.forbidden')}</Typography>}
    </Stack>
  );
}
