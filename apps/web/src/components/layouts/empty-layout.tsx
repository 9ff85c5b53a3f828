import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLogo } from '@/components/brand/brand-logo';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppFooter } from '@/components/layouts/app-footer';
import { PageLoader } from '@/components/layouts/page-loader';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';

/** Spec 3 §9: at most 3 notices at once on the empty layout. */
export const EMPTY_LAYOUT_MAX_NOTICES = 3;
const HEADER_HEIGHT = 72;

const NoticeHost = lazy(() => import('@/components/layouts/notice-host'));

/** Pages without a session (sign-in, password reset, not found): one centred card. */
export function EmptyLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={null}>
        <NoticeHost
          maxSnack={EMPTY_LAYOUT_MAX_NOTICES}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        />
      </Suspense>
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 4 },
            height: HEADER_HEIGHT,
          }}
        >
          <BrandLogo />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LanguageSwitcher />
            <ThemeSwitcher />
          </Box>
        </Box>
        {/*
          Nothing on screen moves while a page loads (layout shift): the card starts at a fixed place
          instead of being centred on its changing height, the card and the line under it appear together
          once the page and its messages are in, and the footer starts below the fold.
        */}
        <Box
          component="main"
          id="main"
          sx={{
            minHeight: `calc(100vh - ${HEADER_HEIGHT}px)`,
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'center',
            px: 2,
            pt: { xs: 2, sm: 6 },
            pb: 4,
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 440 }}>
            <Suspense fallback={<PageLoader />}>
              <Paper
                variant="outlined"
                sx={{ p: { xs: 3, sm: 5 }, boxShadow: '0 12px 40px rgba(15, 77, 53, 0.08)' }}
              >
                <ErrorBoundary>
                  <Outlet />
                </ErrorBoundary>
              </Paper>
              <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
                {t('app.tagline')}
              </Typography>
            </Suspense>
          </Box>
        </Box>
        <AppFooter />
      </Box>
    </>
  );
}
