import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BrandLogo } from '@/components/brand/brand-logo';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppFooter } from '@/components/layouts/app-footer';
import NoticeHost from '@/components/layouts/notice-host';
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
  return (
    <Tooltip title={label}>
      <Box
        role="status"
        aria-label={label}
        data-testid="live-status"
        data-connected={isConnected}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          mx: 1,
          bgcolor: isConnected ? 'success.main' : 'action.disabled',
        }}
      />
    </Tooltip>
  );
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
        sx={{ ml: 1, gap: 1.25, textAlign: 'left', px: 1 }}
      >
        <Avatar
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 14 }}
        >
          {initials}
        </Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, lineHeight: 1.2 }}>
          <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {fullName}
          </Typography>
          {company ? (
            <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
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

/** The signed-in frame: app bar, content and footer. */
export function AppLayout({ children, nav }: { children: ReactNode; nav?: ReactNode }) {
  const { t } = useTranslation();
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
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <Box
              component={RouterLink}
              to={paths.home.getHref()}
              aria-label={`${t('app.name')} – ${t('nav.home')}`}
              sx={{ color: 'text.primary', textDecoration: 'none', mr: 'auto' }}
            >
              <BrandLogo />
            </Box>
            {nav}
            <LiveIndicator />
            <LanguageSwitcher />
            <ThemeSwitcher />
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Container component="main" id="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
          <ErrorBoundary>{children}</ErrorBoundary>
        </Container>
        <AppFooter />
      </Box>
    </>
  );
}
