import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '@/components/brand/brand-logo';
import { LaterTooltip } from '@/components/feedback/later-tooltip';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppFooter } from '@/components/layouts/app-footer';
import NoticeHost from '@/components/layouts/notice-host';
import { OfflineNotice } from '@/components/layouts/offline-notice';
import { useScrollToTopOnNavigation } from '@/components/layouts/scroll-to-top';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';
import { paths } from '@/config/paths';
import { useLiveStatus } from '@/lib/live-provider';
import { useAppStore } from '@/stores/app-store';

/** Spec 3 §9: up to 50 notices at once inside the app. */
export const APP_LAYOUT_MAX_NOTICES = 50;

function LiveIndicator() {
  const { t } = useTranslation();
  const isConnected = useLiveStatus();
  const label = t(isConnected ? 'nav.liveOnline' : 'nav.liveOffline');
  const dot = (
    <Box
      role="status"
      aria-label={label}
      data-testid="live-status"
      data-connected={isConnected}
      sx={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        flexShrink: 0,
        mx: { xs: 0.75, sm: 1 },
        bgcolor: isConnected ? 'success.main' : 'action.disabled',
      }}
    />
  );
  return <LaterTooltip title={label}>{dot}</LaterTooltip>;
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppStore((state) => state.account.currentUser);
  const company = useAppStore((state) => state.account.currentCompany);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        title={t('nav.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="user-menu"
        sx={{ ml: { xs: 0, sm: 1 }, gap: 1.25, textAlign: 'left', px: 1, minWidth: 0, flexShrink: 0 }}
      >
        <Avatar
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 14 }}
        >
          {initials}
        </Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, lineHeight: 1.2, maxWidth: 200, minWidth: 0 }}>
          <Typography variant="body2" component="span" noWrap sx={{ display: 'block', fontWeight: 600 }}>
            {fullName}
          </Typography>
          {company ? (
            <Typography
              variant="caption"
              component="span"
              noWrap
              sx={{ display: 'block', color: 'text.secondary' }}
            >
              {company.companyName}
            </Typography>
          ) : null}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {fullName}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => void navigate(paths.auth.signOut.getHref())} data-testid="sign-out">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * Widths of the side navigation: full labels (the longest, the current page's in bold, such as
 * 'Abrechnungsverwaltung', whole on one line), and folded to icons.
 */
export const NAV_WIDTH = 272;
export const NAV_COLLAPSED_WIDTH = 72;
/** The app bar's height from the `sm` breakpoint up (MUI's toolbar mixin); the side navigation sits below it. */
const APP_BAR_HEIGHT = 64;
/** The page's content area; the signed-in pages' written-out frames use it too, so they line up. */
export const MAIN_SX = { flex: 1, minHeight: '100vh', py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } } as const;

/** What the side navigation is given: folded to icons or not, and how to close the phone drawer. */
export interface NavState {
  collapsed: boolean;
  onNavigate?: () => void;
}

/**
 * The signed-in frame: app bar, side navigation, content and footer. On phones (below `md`) the
 * navigation is a temporary drawer opened from the header's menu button, closed on navigation; from `md`
 * up it is docked, folded to icons below `lg` unless the user chose otherwise (kept locally).
 */
export function AppLayout({
  children,
  nav,
  banner,
  header,
}: {
  children: ReactNode;
  nav?: (state: NavState) => ReactNode;
  /** A platform-wide announcement above every page's content (the maintenance banner). */
  banner?: ReactNode;
  /** At the top of every page's content (the super admin's company selector). */
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  useScrollToTopOnNavigation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const isWide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const storedCollapsed = useAppStore((state) => state.navCollapsed);
  const setNavCollapsed = useAppStore((state) => state.setNavCollapsed);
  const collapsed = storedCollapsed ?? !isWide;
  // The drawer is open for the page it was opened on: any navigation closes it without an effect.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const isDrawerOpen = isPhone && drawerOpenAt === location.pathname;
  const closeDrawer = () => setDrawerOpenAt(null);
  const navId = useId();
  const navRef = useRef<HTMLDivElement>(null);
  const width = collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;

  const focusCurrentItem = () => {
    const target =
      navRef.current?.querySelector<HTMLElement>('[aria-current="page"]') ??
      navRef.current?.querySelector<HTMLElement>('a[href]');
    target?.focus();
  };

  const menuButton = isPhone ? (
    <IconButton
      color="inherit"
      edge="start"
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={isDrawerOpen}
      aria-controls={isDrawerOpen ? navId : undefined}
      onClick={() => setDrawerOpenAt(location.pathname)}
      data-testid="nav-toggle"
    >
      <MenuIcon />
    </IconButton>
  ) : (
    <Tooltip title={t(collapsed ? 'nav.expandMenu' : 'nav.collapseMenu')}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t(collapsed ? 'nav.expandMenu' : 'nav.collapseMenu')}
        aria-expanded={!collapsed}
        aria-controls={navId}
        onClick={() => setNavCollapsed(!collapsed)}
        data-testid="nav-toggle"
      >
        {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <NoticeHost
        maxSnack={APP_LAYOUT_MAX_NOTICES}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      />
      <Box
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <Box
          component="a"
          href="#main"
          sx={{
            position: 'absolute',
            left: -9999,
            '&:focus': { left: 16, top: 16, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
          }}
        >
          {t('app.skipToContent')}
        </Box>
        <AppBar
          position="sticky"
          color="inherit"
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            zIndex: (current) => current.zIndex.drawer + 1,
          }}
        >
          <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1.5, sm: 2 } }}>
            {nav ? menuButton : null}
            <Box
              component={RouterLink}
              to={paths.home.getHref()}
              aria-label={`${t('app.name')} – ${t('nav.home')}`}
              sx={{ color: 'text.primary', textDecoration: 'none', mr: 'auto', minWidth: 0 }}
            >
              <BrandLogo compact={isPhone} />
            </Box>
            <LiveIndicator />
            <LanguageSwitcher />
            <ThemeSwitcher />
            <UserMenu />
          </Toolbar>
          <OfflineNotice />
        </AppBar>
        <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
          {nav && isPhone ? (
            <Drawer
              variant="temporary"
              open={isDrawerOpen}
              onClose={closeDrawer}
              slotProps={{
                paper: {
                  id: navId,
                  ref: navRef,
                  'aria-label': t('nav.main'),
                  sx: { width: NAV_WIDTH, maxWidth: '85vw' },
                },
                transition: { onEntered: focusCurrentItem },
              }}
            >
              <Toolbar sx={{ px: 2 }}>
                <BrandLogo />
              </Toolbar>
              <Divider />
              {nav({ collapsed: false, onNavigate: closeDrawer })}
            </Drawer>
          ) : null}
          {nav && !isPhone ? (
            <Drawer
              variant="permanent"
              sx={{ width, flexShrink: 0, transition: navTransition(theme) }}
              slotProps={{
                paper: {
                  id: navId,
                  ref: navRef,
                  sx: {
                    width,
                    position: 'sticky',
                    top: APP_BAR_HEIGHT,
                    height: `calc(100vh - ${APP_BAR_HEIGHT}px)`,
                    overflowX: 'hidden',
                    transition: navTransition(theme),
                  },
                },
              }}
            >
              {nav({ collapsed })}
            </Drawer>
          ) : null}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {banner}
            <Container
              component="main"
              id="main"
              maxWidth="lg"
              // The footer starts below the fold: a page whose content arrives late then grows into
              // the space instead of pushing a footer already on screen down (layout shift).
              sx={MAIN_SX}
            >
              {header ? <Box sx={{ mb: 3 }}>{header}</Box> : null}
              <ErrorBoundary>{children}</ErrorBoundary>
            </Container>
            <AppFooter />
          </Box>
        </Box>
      </Box>
    </>
  );
}

function navTransition(theme: Theme): string {
  return theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.shorter,
  });
}
