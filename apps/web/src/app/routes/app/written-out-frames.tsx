import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_SX, NAV_COLLAPSED_WIDTH, NAV_WIDTH } from '@/components/layouts/app-layout';
import { SkeletonCard } from '@/components/layouts/skeleton-card';
import { SCAN_FORM_PLACEHOLDER_HEIGHT } from '@/features/webcrawler/components/scan-form';
import { paths } from '@/config/paths';

/*
 * Signed-in pages written out at build time (src/prerender.tsx): the signed-in layout's frame with the
 * page's own introduction, so that a returning user sees where they are while the app's code loads
 * instead of a spinner. The frame names no one and shows no brand (a partner's site template would
 * otherwise see the default one first): the app renders the user, the company, the branding and the
 * page over it (src/app/start.tsx). It is built from CSS alone (the written-out page knows neither the
 * screen's width nor the user's settings) and has no controls to use before the app is there.
 */

/** A line of text still to come, as tall as the text it stands for. */
function TextLine({ variant, width }: { variant: 'h1' | 'subtitle1'; width: string }) {
  return (
    <Typography variant={variant} component="div" aria-hidden>
      <Skeleton width={width} />
    </Typography>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', boxShadow: 'none' }}
      >
        <Toolbar sx={{ px: { xs: 1.5, sm: 2 } }} />
      </AppBar>
      <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'block' },
            width: { md: NAV_COLLAPSED_WIDTH, lg: NAV_WIDTH },
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        />
        <Container component="main" id="main" maxWidth="lg" sx={MAIN_SX}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}

function DashboardFrame() {
  const { t } = useTranslation();
  return (
    <Frame>
      <Box sx={{ mb: 4 }}>
        <TextLine variant="h1" width="60%" />
        <Box sx={{ mt: 1 }}>
          <TextLine variant="subtitle1" width="40%" />
        </Box>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('dashboard.intro')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SkeletonCard height={96} />
        <SkeletonCard height={96} />
      </Box>
    </Frame>
  );
}

function WebcrawlerFrame() {
  const { t } = useTranslation();
  return (
    <Frame>
      <Stack spacing={4}>
        <Box>
          <TextLine variant="h1" width="45%" />
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('webcrawler.subtitle')}</Typography>
        </Box>
        <SkeletonCard height={SCAN_FORM_PLACEHOLDER_HEIGHT} />
      </Stack>
    </Frame>
  );
}

/**
 * The signed-in pages written out as frames, by path (the app renders over each), with the modules the
 * app renders the page with besides the shell: scripts/prerender.mjs links their files as module
 * preloads in the frame, so that they load with the app's own instead of after it.
 */
export const WRITTEN_OUT_FRAMES: Record<string, { Frame: () => ReactNode; modules: readonly string[] }> = {
  [paths.dashboard.main.path]: { Frame: DashboardFrame, modules: ['src/app/routes/app/landing-pages.tsx'] },
  [paths.webcrawler.path]: { Frame: WebcrawlerFrame, modules: ['src/app/routes/app/webcrawler.tsx'] },
};

/** The signed-in shell's module, which every frame's page renders in. */
export const SHELL_MODULE = 'src/app/routes/app/app-root.tsx';
