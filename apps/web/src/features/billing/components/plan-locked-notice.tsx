import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * On a phone the button goes below the text: beside it the text kept a column of a word or two, long
 * words cut off in a box that scrolled sideways (Dutch "beoordelaars" at 360 px).
 */
const PHONE_LAYOUT = {
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flex: { xs: '1 1 0', sm: '0 1 auto' }, overflowWrap: 'break-word' },
  '& .MuiAlert-action': {
    flexBasis: { xs: '100%', sm: 'auto' },
    justifyContent: 'flex-end',
    pt: { xs: 0, sm: 0.5 },
  },
} satisfies SxProps<Theme>;

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
  /** Spacing around the notice. */
  sx?: { mb?: number; mt?: number };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ ...PHONE_LAYOUT, ...sx }}
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
