import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MENU_FEATURES, type MenuSection } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { FeatureWrapper } from '@/features/billing/components/feature-wrapper';
import { useCanManageCompany, useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { useAppStore } from '@/stores/app-store';

interface MenuItem {
  section: MenuSection;
  to: string;
  labelKey: string;
  testId: string;
  /** Who sees the item at all (roles); the plan then decides through the feature key. */
  isFor: (who: { isSuperAdmin: boolean; hasCompany: boolean; canManage: boolean }) => boolean;
}

/** The signed-in menu. Items whose section has a feature key go through the plan-gating wrapper. */
export const MENU_ITEMS: readonly MenuItem[] = [
  {
    section: 'dashboard',
    to: paths.dashboard.main.getHref(),
    labelKey: 'nav.dashboard',
    testId: 'nav-dashboard',
    isFor: (who) => who.hasCompany,
  },
  {
    section: 'qMonitor',
    to: paths.qMonitor.getHref(),
    labelKey: 'nav.qMonitor',
    testId: 'nav-qmonitor',
    isFor: (who) => who.hasCompany,
  },
  {
    section: 'directory',
    to: paths.directory.companyDetail.getHref(),
    labelKey: 'nav.directory',
    testId: 'nav-directory',
    isFor: (who) => who.hasCompany,
  },
  {
    section: 'qVault',
    to: paths.documents.company.getHref(),
    labelKey: 'nav.documents',
    testId: 'nav-documents',
    isFor: (who) => who.hasCompany,
  },
  {
    section: 'documentReview',
    to: paths.documents.review.getHref(),
    labelKey: 'nav.review',
    testId: 'nav-review',
    isFor: (who) => who.isSuperAdmin || who.canManage,
  },
  {
    section: 'webCrawler',
    to: paths.webcrawler.getHref(),
    labelKey: 'billing.nav.webcrawler',
    testId: 'nav-webcrawler',
    isFor: () => true,
  },
  {
    section: 'subscription',
    to: paths.account.subscription.getHref(),
    labelKey: 'billing.nav.subscription',
    testId: 'nav-subscription',
    isFor: (who) => !who.isSuperAdmin,
  },
];

/** Super-admin settings, not plan-gated. */
const ADMIN_ITEMS = [
  { to: paths.documents.admin.getHref(), labelKey: 'nav.documentSettings', testId: 'nav-document-settings' },
  { to: paths.admin.billing.getHref(), labelKey: 'billing.nav.admin', testId: 'nav-admin-billing' },
];

export function MainMenu() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  const isSuperAdmin = useIsSuperAdmin();
  const canManage = useCanManageCompany();
  if (!user) return null;
  const who = { isSuperAdmin, hasCompany: Boolean(user.memberOfCompany), canManage };
  const link = (item: { to: string; labelKey: string; testId: string }) => (
    <Button component={RouterLink} to={item.to} color="inherit" size="small" data-testid={item.testId}>
      {t(item.labelKey)}
    </Button>
  );
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mr: 1 }}
    >
      {MENU_ITEMS.filter((item) => item.isFor(who)).map((item) => {
        const feature = MENU_FEATURES[item.section];
        return feature === null ? (
          <Box key={item.testId} component="span">
            {link(item)}
          </Box>
        ) : (
          <FeatureWrapper key={item.testId} feature={feature}>
            {link(item)}
          </FeatureWrapper>
        );
      })}
      {isSuperAdmin
        ? ADMIN_ITEMS.map((item) => (
            <Box key={item.testId} component="span">
              {link(item)}
            </Box>
          ))
        : null}
    </Box>
  );
}
