import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A page whose feature the plan does not include: what the feature is for (`children`), and "View
 * plans", which opens the subscription page with the plans shown.
 */
export function PlanLockedNotice({
  testId,
  sx,
  children,
}: {
  testId: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={sx}
      data-testid={testId}
      action={
        <Button
          component={RouterLink}
          to={paths.account.subscription.getHref(true)}
          color="inherit"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('billing.viewPlans')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
