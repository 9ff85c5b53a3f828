import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import RuleFolderOutlinedIcon from '@mui/icons-material/RuleFolderOutlined';
import StoreOutlinedIcon from '@mui/icons-material/StoreOutlined';
import SettingsSuggestOutlinedIcon from '@mui/icons-material/SettingsSuggestOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import { MENU_FEATURES, type MenuSection } from '@trustleaf/domain/reference/features';
import type { TemplateScreen } from '@trustleaf/domain/rules/site-template-screens';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { FeatureWrapper } from '@/features/billing/components/feature-wrapper';
import { useCanManageCompany, useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { useHiddenScreens } from '@/lib/template-screens';
import { useAppStore, useHasSelectedCompany } from '@/stores/app-store';

interface Who {
  isSuperAdmin: boolean;
  hasCompany: boolean;
  canManage: boolean;
  /** Screens the published site template turns off: their entries are left out. */
  hiddenScreens: ReadonlySet<TemplateScreen>;
}

interface MenuItem {
  /** The spec's menu section; one with a feature key goes through the plan-gating wrapper. */
  section: MenuSection | null;
  to: string;
  labelKey: string;
  testId: string;
  icon: typeof SvgIcon;
  /** Who sees the item at all (roles); the plan then decides through the feature key. */
  isFor: (who: Who) => boolean;
  /** The screen a site template may turn off, with this entry. */
  screen?: TemplateScreen;
}

/** An item is listed for the roles it is for, unless the site template turns its screen off. */
function isShown(item: MenuItem, who: Who): boolean {
  return item.isFor(who) && !(item.screen && who.hiddenScreens.has(item.screen));
}

interface MenuGroup {
  key: string;
  /** Sections with sub-pages in spec 3 §2 (Q-Vault, settings) get a heading; top-level ones do not. */
  headingKey: string | null;
  items: readonly MenuItem[];
}

/** The signed-in menu, grouped as spec 3 §2's menu keys group the sections. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'main',
    headingKey: null,
    items: [
      {
        section: 'dashboard',
        to: paths.dashboard.main.getHref(),
        labelKey: 'nav.dashboard',
        testId: 'nav-dashboard',
        icon: DashboardOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
      {
        // Spec 3 §2 menu key "company page"; open to every plan.
        section: null,
        to: paths.companyPage.getHref(),
        labelKey: 'nav.companyPage',
        testId: 'nav-company-page',
        screen: 'companyPage',
        icon: StoreOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
      {
        section: 'directory',
        to: paths.directory.companyDetail.getHref(),
        labelKey: 'nav.directory',
        testId: 'nav-directory',
        screen: 'directory',
        icon: BusinessOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
      {
        section: 'webCrawler',
        to: paths.webcrawler.getHref(),
        labelKey: 'billing.nav.webcrawler',
        testId: 'nav-webcrawler',
        screen: 'webcrawler',
        icon: TravelExploreOutlinedIcon,
        isFor: () => true,
      },
      {
        section: 'qMonitor',
        to: paths.qMonitor.getHref(),
        labelKey: 'nav.qMonitor',
        testId: 'nav-qmonitor',
        icon: MonitorHeartOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
    ],
  },
  {
    key: 'qVault',
    headingKey: 'nav.group.qVault',
    items: [
      {
        section: 'qVault',
        to: paths.documents.company.getHref(),
        labelKey: 'nav.documents',
        testId: 'nav-documents',
        icon: FolderOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
      {
        section: 'documentReview',
        to: paths.documents.review.getHref(),
        labelKey: 'nav.review',
        testId: 'nav-review',
        icon: FactCheckOutlinedIcon,
        isFor: (who) => who.isSuperAdmin || who.canManage,
      },
    ],
  },
  {
    key: 'settings',
    headingKey: 'nav.group.settings',
    items: [
      {
        section: 'subscription',
        to: paths.account.subscription.getHref(),
        labelKey: 'billing.nav.subscription',
        testId: 'nav-subscription',
        icon: CreditCardOutlinedIcon,
        isFor: (who) => !who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.account.memberSetting.getHref(),
        labelKey: 'nav.team',
        testId: 'nav-team',
        icon: GroupOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
      {
        section: null,
        to: paths.account.accountSetting.getHref(),
        labelKey: 'nav.accountSetting',
        testId: 'nav-account-setting',
        icon: ManageAccountsOutlinedIcon,
        isFor: () => true,
      },
      {
        section: null,
        to: paths.account.activityLog.getHref(),
        labelKey: 'nav.activityLog',
        testId: 'nav-activity-log',
        icon: HistoryOutlinedIcon,
        isFor: () => true,
      },
      {
        // Publishing the profile is open to every plan; the seal on it needs the verified_seal feature.
        section: null,
        to: paths.trustProfile.getHref(),
        labelKey: 'nav.trustProfile',
        testId: 'nav-trust-profile',
        screen: 'trustProfile',
        icon: VerifiedOutlinedIcon,
        isFor: (who) => who.hasCompany,
      },
    ],
  },
  {
    // Super-admin settings, not plan-gated.
    key: 'admin',
    headingKey: 'nav.group.admin',
    items: [
      {
        section: null,
        to: paths.admin.companies.getHref(),
        labelKey: 'adminCompanies.nav',
        testId: 'nav-admin-companies',
        icon: ApartmentOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.admin.users.getHref(),
        labelKey: 'adminUsers.nav',
        testId: 'nav-admin-users',
        icon: PeopleAltOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.documents.admin.getHref(),
        labelKey: 'nav.documentSettings',
        testId: 'nav-document-settings',
        icon: RuleFolderOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.admin.billing.getHref(),
        labelKey: 'billing.nav.admin',
        testId: 'nav-admin-billing',
        icon: AdminPanelSettingsOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.admin.platform.getHref(),
        labelKey: 'nav.platform',
        testId: 'nav-admin-platform',
        icon: SettingsSuggestOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.admin.siteTemplates.getHref(),
        labelKey: 'nav.siteTemplates',
        testId: 'nav-site-templates',
        icon: PaletteOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
      {
        section: null,
        to: paths.admin.transactions.getHref(),
        labelKey: 'billing.nav.transactions',
        testId: 'nav-admin-transactions',
        icon: ReceiptLongOutlinedIcon,
        isFor: (who) => who.isSuperAdmin,
      },
    ],
  },
];

function NavItem({
  item,
  collapsed,
  onNavigate,
}: {
  item: MenuItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const Icon = item.icon;
  const feature = item.section === null ? null : MENU_FEATURES[item.section];
  const link = (
    <ListItemButton
      component={NavLink}
      to={item.to}
      end
      onClick={onNavigate}
      aria-label={collapsed ? label : undefined}
      data-testid={item.testId}
      sx={{
        flex: 1,
        minWidth: 0,
        minHeight: 44,
        borderRadius: 2,
        px: 1.5,
        justifyContent: collapsed ? 'center' : 'flex-start',
        '&[aria-current="page"]': {
          bgcolor: 'action.selected',
          color: 'primary.main',
          fontWeight: 600,
          '& .MuiListItemIcon-root': { color: 'primary.main' },
        },
      }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
        <Icon />
      </ListItemIcon>
      {collapsed ? null : (
        <ListItemText
          primary={label}
          sx={{ my: 0 }}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: 'inherit' } } }}
        />
      )}
    </ListItemButton>
  );
  const shown: ReactNode = collapsed ? (
    <Tooltip title={label} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
  return (
    <ListItem disablePadding sx={{ px: 1, py: 0.25 }}>
      {feature ? (
        <FeatureWrapper feature={feature} block>
          {shown}
        </FeatureWrapper>
      ) : (
        shown
      )}
    </ListItem>
  );
}

function NavGroup({
  group,
  who,
  collapsed,
  onNavigate,
  isFirst,
}: {
  group: MenuGroup;
  who: Who;
  collapsed: boolean;
  onNavigate?: () => void;
  isFirst: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = group.items.filter((item) => isShown(item, who));
  if (items.length === 0) return null;
  return (
    <Fragment>
      {isFirst ? null : <Divider sx={{ my: 1, mx: collapsed ? 1.5 : 2 }} />}
      <List
        disablePadding
        aria-labelledby={group.headingKey ? headingId : undefined}
        subheader={
          group.headingKey ? (
            <ListSubheader
              id={headingId}
              disableSticky
              sx={
                collapsed
                  ? visuallyHidden
                  : {
                      bgcolor: 'transparent',
                      lineHeight: 2.5,
                      px: 2.5,
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }
              }
            >
              {t(group.headingKey)}
            </ListSubheader>
          ) : undefined
        }
      >
        {items.map((item) => (
          <NavItem key={item.testId} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </List>
    </Fragment>
  );
}

/**
 * The signed-in side navigation: NavLink marks the current page with aria-current="page". `collapsed`
 * shows icons only (with the label as name and tooltip); `onNavigate` lets the phone drawer close.
 */
export function MainMenu({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.account.currentUser);
  const isSuperAdmin = useIsSuperAdmin();
  const canManage = useCanManageCompany();
  const hasSelected = useHasSelectedCompany();
  const hiddenScreens = useHiddenScreens();
  if (!user) return null;
  // A super admin acting for a company sees its pages as its members do.
  const hasCompany = Boolean(user.memberOfCompany) || hasSelected;
  const who: Who = { isSuperAdmin, hasCompany, canManage, hiddenScreens };
  const groups = MENU_GROUPS.filter((group) => group.items.some((item) => isShown(item, who)));
  return (
    <Box component="nav" aria-label={t('nav.main')} sx={{ py: 1 }}>
      {groups.map((group, index) => (
        <NavGroup
          key={group.key}
          group={group}
          who={who}
          collapsed={collapsed}
          onNavigate={onNavigate}
          isFirst={index === 0}
        />
      ))}
    </Box>
  );
}
