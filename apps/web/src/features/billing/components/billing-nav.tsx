import Button from '@mui/material/Button';
import { WEB_CRAWLER_FEATURE } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { FeatureWrapper } from './feature-wrapper';
import { useIsSuperAdmin } from './use-feature-status';

/** Menu items that follow the plan (spec 3 §6), plus the subscription and admin entries. */
export function BillingNav() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  return (
    <>
      <FeatureWrapper feature={WEB_CRAWLER_FEATURE}>
        <Button
          component={RouterLink}
          to={paths.webcrawler.getHref()}
          color="inherit"
          data-testid="nav-webcrawler"
        >
          {t('billing.nav.webcrawler')}
        </Button>
      </FeatureWrapper>
      {isSuperAdmin ? (
        <Button
          component={RouterLink}
          to={paths.admin.billing.getHref()}
          color="inherit"
          data-testid="nav-admin-billing"
        >
          {t('billing.nav.admin')}
        </Button>
      ) : (
        <Button
          component={RouterLink}
          to={paths.account.subscription.getHref()}
          color="inherit"
          data-testid="nav-subscription"
        >
          {t('billing.nav.subscription')}
        </Button>
      )}
    </>
  );
}
